import './stage-preview.css';
import type { MouseEvent } from 'react';
import type { GamePicture } from '../../domain/practice.ts';
import type { ResponsiveImage } from '../../domain/site-paths.ts';
import { clientToImage, fitView } from './coords.ts';

interface StagePreviewProps {
  /** The picture; before the game has loaded, only `src` is known. */
  picture?: GamePicture;
  /** Shown instead of the picture's smallest variant: the same image by the addresses the page had already (issue 13). */
  image?: ResponsiveImage;
  label: string;
  /** Whether to show the 'loading' note on the picture (not while the stage waits, idle, for a first touch). */
  showLabel?: boolean;
  /** The player reached for the picture (the stage starts at once). */
  onTouch?: () => void;
  /** A tap on the picture, in original-photo integer pixels; without it the image is inert. */
  onPick?: (point: { x: number; y: number }) => void;
}

/**
 * The picture as a plain image, fitted the way the stage fits it, while the stage's code loads
 * and Pixi starts: the player sees the photo at once instead of a spinner. It says the stage is
 * loading; given `onPick`, a tap on it names the original pixel under the finger.
 */
export function StagePreview({ picture, image, label, showLabel = true, onTouch, onPick }: StagePreviewProps) {
  const small = picture ? [...picture.variants].sort((a, b) => a.width - b.width)[0] : undefined;
  const pick = (event: MouseEvent<HTMLImageElement>) => {
    if (!onPick || !picture) return;
    const box = event.currentTarget.getBoundingClientRect();
    // object-fit: contain shows the photo at the stage's own fit view of the element's box.
    const size = { width: box.width, height: box.height };
    const point = clientToImage(event.clientX, event.clientY, box, size, fitView(size, picture), picture);
    if (point) onPick({ x: point.x, y: point.y });
  };
  return (
    // A finger down, a mouse over it or a wheel: the player reaches for the picture.
    <div
      className="stage-preview"
      role="status"
      aria-label={label}
      onPointerDown={onTouch}
      onPointerMove={onTouch}
      onWheel={onTouch}
    >
      {/* A pointer target only: keyboard players reach the stage itself, which starts on focus. */}
      {(image ?? small) && (
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
        <img
          className="stage-preview__image"
          src={image?.src ?? small!.url}
          srcSet={image?.srcSet}
          sizes={image?.sizes}
          alt=""
          width={small?.width ?? 1280}
          height={small?.height ?? 800}
          decoding="async"
          fetchPriority="high"
          onClick={pick}
        />
      )}
      {showLabel && <span className="stage-preview__label">{label}</span>}
    </div>
  );
}
