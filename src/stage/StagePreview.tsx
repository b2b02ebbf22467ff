import './stage-preview.css';
import type { GamePicture } from '../../domain/practice.ts';

/**
 * The picture as a plain image, fitted the way the stage fits it, while the stage's code loads
 * and Pixi starts: the player sees the photo at once instead of a spinner. Inert: nothing can be
 * marked on it, and it says the stage is loading.
 */
export function StagePreview({ picture, label }: { picture: GamePicture; label: string }) {
  const small = [...picture.variants].sort((a, b) => a.width - b.width)[0];
  return (
    <div className="stage-preview" role="status" aria-label={label}>
      {small && <img className="stage-preview__image" src={small.url} alt="" width={small.width} height={small.height} decoding="async" fetchPriority="high" />}
      <span className="stage-preview__label">{label}</span>
    </div>
  );
}
