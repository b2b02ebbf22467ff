import './stage-preview.css';
import type { MouseEvent } from 'react';
import type { GamePicture } from '../../domain/practice.ts';
import { clientToImage, fitView } from './coords.ts';

interface StagePreviewProps {
  picture: GamePicture;
  label: string;
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
export function StagePreview({ picture, label, onTouch, onPick }: StagePreviewProps) {
  const small = [...picture.variants].sort((a, b) => a.width - b.width)[0];
  const pick = (event: MouseEvent<HTMLImageElement>) => {
    if (!onPick) return;
    const box = event.currentTarget.getBoundingClientRect();
    // object-fit: contain shows the photo at the stage's own fit view of the element's box.
    const size = { width: box.width, height: box.height };
    const point = clientToImage(event.clientX, event.clientY, box, size, fitView(size, picture), picture);
    if (point) onPick({ x: point.x, y: point.y });
  };
  return (
    <div className="stage-preview" role="status" aria-label={label} onPointerDown={onTouch}>
      {/* A pointer target only: keyboard players reach the stage itself, which starts on focus. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
      {small && <img className="stage-preview__image" src={small.url} alt="" width={small.width} height={small.height} decoding="async" fetchPriority="high" onClick={pick} />}
      <span className="stage-preview__label">{label}</span>
    </div>
  );
}
