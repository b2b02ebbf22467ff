import type { CSSProperties, Ref } from 'react';
import type { Size } from './coords.ts';
import { imagePoint, imageToFraction } from './coords.ts';
import type { StageMark } from './types.ts';
import { MARK, drawOrder } from './view.ts';

/**
 * The tickets' marks over the picture shown as a plain image (StagePreview), drawn by the page
 * while the stage's engine (Pixi) is still starting (issue 29): a tap from the game's first render
 * on shows its mark in the same frame as its ticket, instead of when the engine has drawn. The
 * shapes are the engine's (scene/graphics.ts, view.ts MARK): a crosshair with the ticket's number
 * beside it, gold with a ring when selected, grey with a ring and a padlock when locked. They sit
 * at the picture's fit (no zoom yet) and take no input: a tap on the image is heard by
 * preview-taps.ts, and the game screen places a ticket or, on a mark, selects its ticket
 * (use-preview-taps.ts); dragging and zooming wait for the engine, which a touch starts.
 */

/**
 * The box every mark is drawn in, around its point: the selected crosshair and the number's badge.
 * The SVG's origin is the point, so the box sits 18 px left of and 28 px above it.
 */
const BOX = { left: -18, top: -28, width: 46, height: 46 };
const HALF = MARK.labelHit - 3;
const ARMS = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
] as const;

function arms(arm: number): string {
  return ARMS.map(([dx, dy]) => `M${dx * MARK.gap} ${dy * MARK.gap}L${dx * arm} ${dy * arm}`).join('');
}

function PreviewMark({ mark, selected, at }: { mark: StageMark; selected: boolean; at: { x: number; y: number } }) {
  const kind = mark.locked ? 'locked' : selected ? 'selected' : 'plain';
  const arm = kind === 'selected' ? MARK.selectedArm : MARK.arm;
  const { x: lx, y: ly } = MARK.labelOffset;
  return (
    <svg
      className="stage-preview__mark"
      data-kind={kind}
      style={{ left: `${at.x * 100}%`, top: `${at.y * 100}%`, margin: `${BOX.top}px 0 0 ${BOX.left}px` }}
      viewBox={`${BOX.left} ${BOX.top} ${BOX.width} ${BOX.height}`}
      width={BOX.width}
      height={BOX.height}
      aria-hidden="true"
    >
      <path className="stage-preview__mark-edge" d={arms(arm)} />
      <path className="stage-preview__mark-line" d={arms(arm)} />
      {kind !== 'plain' && (
        <>
          <circle className="stage-preview__mark-edge" r={arm - 3} />
          <circle className="stage-preview__mark-line" r={arm - 3} />
        </>
      )}
      <rect
        className="stage-preview__mark-badge"
        x={lx - HALF}
        y={ly - HALF + 1}
        width={HALF * 2}
        height={HALF * 2 - 2}
        rx={6}
      />
      {kind === 'locked' ? (
        <g className="stage-preview__mark-padlock" transform={`translate(${lx} ${ly})`}>
          <path d="M-3.5 -1V-3.5A3.5 3.5 0 0 1 3.5 -3.5V-1" />
          <rect x={-5.5} y={-1.5} width={11} height={8.5} rx={1.5} />
        </g>
      ) : (
        <text x={lx} y={ly + 0.5}>
          {mark.label}
        </text>
      )}
    </svg>
  );
}

/**
 * A tap's new mark before the screen has heard of it: the selected mark's crosshair without its
 * number, hidden until a tap shows it (placing-cross.ts showPlacingCross, straight to the DOM: a
 * re-render leaves it as written, React writing only what its props change). The stage puts one
 * over its canvas, the preview one over the image.
 */
export function PlacingCross({ ref }: { ref?: Ref<HTMLDivElement> }) {
  const arm = MARK.selectedArm;
  return (
    <div ref={ref} className="placing-cross" hidden aria-hidden="true">
      <svg
        viewBox={`${BOX.left} ${BOX.top} ${BOX.width} ${BOX.height}`}
        width={BOX.width}
        height={BOX.height}
        style={{ margin: `${BOX.top}px 0 0 ${BOX.left}px` }}
      >
        <path className="stage-preview__mark-edge" d={arms(arm)} />
        <path className="stage-preview__mark-line" d={arms(arm)} />
        <circle className="stage-preview__mark-edge" r={arm - 3} />
        <circle className="stage-preview__mark-line" r={arm - 3} />
      </svg>
    </div>
  );
}

/**
 * The marks placed so far, in a box the size and place of the picture as `object-fit: contain`
 * shows it (stage-preview.css), the selected one above the others.
 */
export function PreviewMarks({
  picture,
  marks,
  selectedId,
}: {
  picture: Size;
  marks: readonly StageMark[];
  selectedId: string | null;
}) {
  const placed = marks.filter((mark) => mark.point !== null);
  if (placed.length === 0) return null;
  const { ordered, selected } = drawOrder(placed, selectedId);
  return (
    <div
      className="stage-preview__marks"
      style={{ '--picture-ratio': picture.width / picture.height } as CSSProperties}
    >
      {ordered.map((mark) => (
        <PreviewMark
          key={mark.id}
          mark={mark}
          selected={mark === selected}
          at={imageToFraction(imagePoint(mark.point!.x, mark.point!.y), picture)}
        />
      ))}
    </div>
  );
}
