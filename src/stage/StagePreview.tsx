import './stage-preview.css';
import type { GamePicture } from '../../domain/practice.ts';
import type { ResponsiveImage } from '../../domain/site-paths.ts';

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
}

/**
 * The picture as a plain image, fitted the way the stage fits it, while the game loads and the
 * stage's code loads and Pixi starts: the player sees the photo at once instead of a spinner. A
 * tap on it is a mark all the same: preview-taps.ts hears it at the page's level (whatever
 * becomes of this image meanwhile) and the game screen places it.
 */
export function StagePreview({ picture, image, label, showLabel = true, onTouch }: StagePreviewProps) {
  const small = picture ? [...picture.variants].sort((a, b) => a.width - b.width)[0] : undefined;
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
      {(image ?? small) && (
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
        />
      )}
      {showLabel && <span className="stage-preview__label">{label}</span>}
    </div>
  );
}
