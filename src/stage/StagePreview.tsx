import './stage-preview.css';
import { useEffect, useLayoutEffect } from 'react';
import type { GamePicture } from '../../domain/practice.ts';
import type { ResponsiveImage } from '../../domain/site-paths.ts';
import { PlacingCross, PreviewMarks } from './PreviewMarks.tsx';
import { previewMarksDrawn } from './preview-taps.ts';
import type { StageMark } from './types.ts';

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
  /** The tickets' marks, drawn over the image until the stage draws them (with `picture`). */
  marks?: readonly StageMark[];
  selectedId?: string | null;
}

/**
 * The User Timing mark set when a preview first draws the tickets' marks (the game has loaded): a
 * tap from then on shows its mark in its next frame, before the engine is up. bench/stage-ready.ts
 * reads it.
 */
const MARKS_READY_MARK = 'cricspot:marks-ready';

/**
 * The picture as a plain image, fitted the way the stage fits it, while the game loads and the
 * stage's code loads and Pixi starts: the player sees the photo at once instead of a spinner. A
 * tap on it is a mark all the same: preview-taps.ts hears it at the page's level (whatever
 * becomes of this image meanwhile), the game screen places it and the mark shows over the image
 * (PreviewMarks) until the stage draws it. Once the marks show, a tap's new mark shows in the
 * tap's own frame (PlacingCross) and its numbered mark a frame later; a tap on another ticket's
 * mark shows that crosshair over it, and the selection a frame later.
 */
export function StagePreview({
  picture,
  image,
  label,
  showLabel = true,
  onTouch,
  marks,
  selectedId = null,
}: StagePreviewProps) {
  const drawsMarks = Boolean(picture && marks);
  // New marks or another selected drawn: a told tap's crosshair goes in the same frame (preview-taps.ts).
  useLayoutEffect(() => {
    if (marks) previewMarksDrawn();
  }, [marks, selectedId]);
  useEffect(() => {
    if (drawsMarks && performance.getEntriesByName(MARKS_READY_MARK, 'mark').length === 0)
      performance.mark(MARKS_READY_MARK);
  }, [drawsMarks]);
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
      {picture && marks && <PreviewMarks picture={picture} marks={marks} selectedId={selectedId} />}
      {/* A tap's new mark in the tap's own frame, shown by preview-taps.ts until the marks above have it. */}
      {drawsMarks && <PlacingCross />}
      {showLabel && <span className="stage-preview__label">{label}</span>}
    </div>
  );
}
