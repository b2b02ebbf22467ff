/**
 * A tap's new mark shown in the tap's own frame, before the screen has heard of the tap (issue 29):
 * the selected mark's crosshair (PreviewMarks.tsx PlacingCross) over the stage's canvas
 * (PictureStage.tsx, told by the scene's gestures) or over the picture shown as an image
 * (preview-taps.ts). Written straight to the element, in the tap's task: that frame paints this
 * small layer only, not the canvas again nor the screen's render, which come a frame later with
 * the ticket's numbered mark. Plain DOM, for the page's first script.
 */

/** Shows the crosshair with its centre at `at` (px from the top left of its box), or hides it (null). */
export function showPlacingCross(cross: HTMLElement | null | undefined, at: { x: number; y: number } | null): void {
  if (!cross) return;
  if (at) cross.style.transform = `translate(${at.x}px, ${at.y}px)`;
  cross.hidden = at === null;
}
