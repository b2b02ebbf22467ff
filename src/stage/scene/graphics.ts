/** The stage's colours, fonts and the shapes its marks are drawn from (made once, shared by every mark). */
import { GraphicsContext, type TextStyleOptions } from 'pixi.js';
import { MARK } from '../view.ts';

export const COLORS = {
  ink: 0x1b1f1d,
  white: 0xffffff,
  gold: 0xf2b705,
  ball: 0xc8102e,
  backdrop: 0x1b1f1d,
  locked: 0xa7b0ab,
} as const;

/** The site's font stack (src/styles/tokens.css --font-sans): Devanagari included, so Hindi words draw on the canvas. */
export const FONT_FAMILY = [
  'system-ui',
  '-apple-system',
  'Segoe UI',
  'Roboto',
  'Noto Sans',
  'Noto Sans Devanagari',
  'Nirmala UI',
  'Mangal',
  'sans-serif',
];

export const MARK_LABEL_STYLE: TextStyleOptions = {
  fontFamily: FONT_FAMILY,
  fontSize: 13,
  fontWeight: '700',
  fill: COLORS.ink,
};

function crosshair(arm: number, colour: number, ring: boolean): GraphicsContext {
  const ctx = new GraphicsContext();
  const arms = (width: number, color: number) => {
    for (const [dx, dy] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ] as const) {
      ctx.moveTo(dx * MARK.gap, dy * MARK.gap).lineTo(dx * arm, dy * arm);
    }
    ctx.stroke({ width, color, cap: 'round' });
  };
  arms(4, COLORS.ink);
  arms(2, colour);
  if (ring) {
    ctx.circle(0, 0, arm - 3).stroke({ width: 4, color: COLORS.ink });
    ctx.circle(0, 0, arm - 3).stroke({ width: 2, color: colour });
  }
  return ctx;
}

function pill(fill: number): GraphicsContext {
  const half = MARK.labelHit - 3;
  return new GraphicsContext()
    .roundRect(-half, -half + 1, half * 2, half * 2 - 2, 6)
    .fill({ color: fill })
    .stroke({ width: 1.5, color: COLORS.ink });
}

/** The badge of a locked mark, where the others show their number: grey with a padlock. */
function padlock(): GraphicsContext {
  const ctx = pill(COLORS.locked);
  ctx
    .moveTo(-3.5, -1)
    .lineTo(-3.5, -3.5)
    .arc(0, -3.5, 3.5, Math.PI, 0)
    .lineTo(3.5, -1)
    .stroke({ width: 2, color: COLORS.ink });
  return ctx.roundRect(-5.5, -1.5, 11, 8.5, 1.5).fill({ color: COLORS.ink });
}

let shapes: ReturnType<typeof makeShapes> | null = null;

function makeShapes() {
  return {
    cross: crosshair(MARK.arm, COLORS.white, false),
    crossSelected: crosshair(MARK.selectedArm, COLORS.gold, true),
    crossLocked: crosshair(MARK.arm, COLORS.locked, true),
    pill: pill(COLORS.white),
    pillSelected: pill(COLORS.gold),
    pillLocked: padlock(),
  };
}

/** The marks' shapes, made on first use and kept for the page's life (a few hundred bytes). */
export function markShapes(): ReturnType<typeof makeShapes> {
  shapes ??= makeShapes();
  return shapes;
}

/**
 * The `draw` of a graphics whose shape is a shared context (a mark) or is drawn in its layer's
 * placement step from the camera (lines, veil, loupe frame): nothing to draw from props.
 */
export const drawnElsewhere = (): void => undefined;
