/**
 * The reveal as a moment (reveal-timeline.ts): a veil dims the picture while the camera moves to
 * the ball and the marks, a ring draws round the ball, each mark's line draws to it (farthest
 * first), the closest distance counts up, the closest ticket gets a gold burst, then the original
 * picture fades in. Frames are drawn only while the timeline runs.
 */
import { useLayoutEffect, useMemo, useRef } from 'react';
import type { Graphics, Sprite, Text } from 'pixi.js';
import type { StageMark, StageReveal } from '../types.ts';
import { MARK, ZOOM_BUTTONS_BAND } from '../view.ts';
import { variantScale } from '../coords.ts';
import {
  type RevealFrame,
  type ViewAim,
  interpolateAim,
  revealAim,
  revealBallRadius,
  revealFrame,
} from '../reveal-timeline.ts';
import { type LabelBox, type Segment, layoutLabels, visiblePicture } from '../label-layout.ts';
import { COLORS, FONT_FAMILY, drawnElsewhere } from './graphics.ts';
import { useLayout, useScene } from './context.ts';
import type { Camera } from './camera.ts';
import type { ShownPicture } from './textures.ts';

/** Labels stay this far inside the part of the picture on the stage. */
export const REVEAL_LABEL_INSET = 24;

/** The ring's radius for this reveal on this stage now. */
function ballRadius(reveal: StageReveal, camera: Camera): number {
  return revealBallRadius(camera.stage.width, (reveal.ballWidth ?? 0) * camera.view.scale);
}

/** The marks the reveal measures, farthest first: the closest one's line comes last. */
export function revealOrder(marks: readonly StageMark[], reveal: StageReveal): StageMark[] {
  return marks
    .filter((mark) => mark.point !== null && reveal.distances[mark.id] !== undefined)
    .sort((a, b) => reveal.distances[b.id]! - reveal.distances[a.id]!);
}

/** The reveal's clock: when it began, and the frame it is at. */
export interface RevealClock {
  frame(now: number): RevealFrame;
}

/** The reveal's camera aims this far (CSS px) inside the stage: room for the labels, 24 px inside the picture. */
export const REVEAL_AIM_MARGIN = 72;

/** Where the reveal's camera goes for these marks on this stage. */
function aimFor(reveal: StageReveal, ordered: readonly StageMark[], camera: Camera): ViewAim {
  return revealAim(
    ordered.map((mark) => mark.point!),
    reveal.ball,
    camera.stage,
    camera.limits.min,
    Math.min(camera.limits.max, camera.limits.min * 6),
    REVEAL_AIM_MARGIN,
  );
}

/**
 * Starts the clock when a reveal arrives and moves the camera during its zoom; asks for frames
 * until the timeline ends; tells `onLanded` once the closest distance has counted up (at once
 * with reduced motion). A stage that changes size afterwards (the result panel coming in under
 * it) keeps the ball and every mark framed.
 */
export function useRevealClock(
  reveal: StageReveal | null,
  ordered: readonly StageMark[],
  onLanded: () => void,
): RevealClock {
  const { camera, frames, reducedMotion } = useScene();
  const state = useRef<{
    reveal: StageReveal | null;
    ordered: readonly StageMark[];
    start: number;
    from: ViewAim | null;
    to: ViewAim | null;
    stage: { width: number; height: number };
    landed: boolean;
  }>({ reveal: null, ordered: [], start: 0, from: null, to: null, stage: { width: 0, height: 0 }, landed: false });
  const landedRef = useRef(onLanded);
  useLayoutEffect(() => {
    landedRef.current = onLanded;
  });
  const count = ordered.length;
  const clock = useMemo<RevealClock>(
    () => ({ frame: (now) => revealFrame(frames.heldAt ?? now - state.current.start, count, reducedMotion) }),
    [count, reducedMotion, frames],
  );

  useLayoutEffect(() => {
    const s = state.current;
    if (s.reveal === reveal) return;
    s.reveal = reveal;
    s.ordered = ordered;
    s.start = frames.now();
    s.landed = false;
    if (!reveal) {
      s.from = s.to = null;
      return;
    }
    const view = camera.view;
    s.from = {
      scale: view.scale,
      cx: (camera.stage.width / 2 - view.x) / view.scale,
      cy: (camera.stage.height / 2 - view.y) / view.scale,
    };
    s.to = aimFor(reveal, ordered, camera);
    s.stage = { ...camera.stage };
    frames.invalidate();
  });

  useLayoutEffect(
    () =>
      frames.addAnimation((now) => {
        const s = state.current;
        if (!s.reveal || !s.to) return;
        if (s.from) {
          const frame = clock.frame(now);
          const aim = interpolateAim(s.from, s.to, frame.zoom);
          camera.zoomTo(aim.scale, aim.cx, aim.cy);
          if (frame.zoom >= 1 && frames.heldAt === null) s.from = null;
          if (!frame.done && frames.heldAt === null) frames.invalidate();
        } else if (s.stage.width !== camera.stage.width || s.stage.height !== camera.stage.height) {
          s.to = aimFor(s.reveal, s.ordered, camera);
          s.stage = { ...camera.stage };
          camera.zoomTo(s.to.scale, s.to.cx, s.to.cy);
        }
      }),
    [camera, frames, clock],
  );

  // The frames after the zoom (lines, count, burst, fade) still need asking for; the landing of
  // the count is told by the real clock, not a held frame.
  useLayout((now) => {
    const s = state.current;
    if (!s.reveal) return;
    if (!s.landed && revealFrame(now - s.start, count, reducedMotion).count >= 1) {
      s.landed = true;
      landedRef.current();
    }
    if (frames.heldAt === null && !clock.frame(now).done) frames.invalidate();
    else if (!s.landed) frames.invalidate();
  });
  return clock;
}

interface RevealLayerProps {
  reveal: StageReveal | null;
  ordered: readonly StageMark[];
  clock: RevealClock;
  shown: ShownPicture | null;
}

/** Below the marks: the original picture, the veil, the ring, the lines and the burst. */
export function RevealBackdrop({ reveal, ordered, clock, shown }: RevealLayerProps) {
  const { camera } = useScene();
  const picture = useRef<Sprite>(null);
  const veil = useRef<Graphics>(null);
  const lines = useRef<Graphics>(null);

  useLayout((now) => {
    const g = lines.current;
    if (!g || !veil.current || !picture.current) return;
    g.clear();
    veil.current.clear();
    picture.current.visible = false;
    if (!reveal) return;
    const frame = clock.frame(now);
    const { scale, x, y } = camera.view;
    if (shown) {
      picture.current.visible = frame.crossfade > 0;
      picture.current.alpha = frame.crossfade;
      picture.current.position.set(x, y);
      picture.current.scale.set(
        scale * variantScale(shown.picture, shown.texture),
        (scale * shown.picture.height) / shown.texture.height,
      );
    }
    veil.current.rect(0, 0, camera.stage.width, camera.stage.height).fill({ color: COLORS.ink, alpha: frame.dim });
    const ball = camera.toScreen(reveal.ball);
    ordered.forEach((mark, i) => {
      const p = frame.lines[i] ?? 0;
      if (p <= 0) return;
      const best = mark.id === reveal.bestId;
      const at = camera.toScreen(mark.point!);
      const end = { x: at.x + (ball.x - at.x) * p, y: at.y + (ball.y - at.y) * p };
      g.moveTo(at.x, at.y)
        .lineTo(end.x, end.y)
        .stroke({ width: best ? 5 : 3.5, color: COLORS.ink, alpha: 0.7 });
      g.moveTo(at.x, at.y)
        .lineTo(end.x, end.y)
        .stroke({ width: best ? 3 : 1.5, color: best ? COLORS.gold : COLORS.white });
    });
    if (frame.ring > 0) {
      // The true ball, large and clear: a tinted disc, a thick red ring in white, and its centre.
      const r = ballRadius(reveal, camera) * frame.ringPulse;
      const from = -Math.PI / 2;
      const to = from + Math.PI * 2 * frame.ring;
      g.circle(ball.x, ball.y, r).fill({ color: COLORS.ball, alpha: 0.22 * frame.ring });
      g.moveTo(ball.x + r * Math.cos(from), ball.y + r * Math.sin(from))
        .arc(ball.x, ball.y, r, from, to)
        .stroke({ width: 9, color: COLORS.white });
      g.moveTo(ball.x + r * Math.cos(from), ball.y + r * Math.sin(from))
        .arc(ball.x, ball.y, r, from, to)
        .stroke({ width: 5, color: COLORS.ball });
      g.circle(ball.x, ball.y, 3.5)
        .fill({ color: COLORS.white, alpha: frame.ring })
        .stroke({ width: 2, color: COLORS.ball, alpha: frame.ring });
    }
    const best = ordered.find((mark) => mark.id === reveal.bestId);
    if (best && frame.celebrate > 0) {
      const at = camera.toScreen(best.point!);
      const c = frame.celebrate;
      const ring = MARK.selectedArm + 6;
      // A gold glow that stays, and a burst of rays and a widening ring that fade once.
      g.circle(at.x, at.y, ring + 5).fill({ color: COLORS.gold, alpha: 0.25 * Math.min(1, c * 3) });
      g.circle(at.x, at.y, ring)
        .stroke({ width: 5, color: COLORS.ink })
        .circle(at.x, at.y, ring)
        .stroke({ width: 3, color: COLORS.gold });
      if (c < 1) {
        const spread = ring + 4 + 34 * (1 - (1 - c) ** 3);
        g.circle(at.x, at.y, spread).stroke({ width: 2.5, color: COLORS.gold, alpha: 1 - c });
        for (let k = 0; k < 10; k++) {
          const angle = (k / 10) * Math.PI * 2 + Math.PI / 10;
          const inner = spread + 4;
          const outer = inner + 10 * (1 - c);
          g.moveTo(at.x + inner * Math.cos(angle), at.y + inner * Math.sin(angle)).lineTo(
            at.x + outer * Math.cos(angle),
            at.y + outer * Math.sin(angle),
          );
        }
        g.stroke({ width: 2.5, color: COLORS.gold, alpha: 1 - c, cap: 'round' });
      }
    }
  });

  return (
    <pixiContainer>
      <pixiSprite ref={picture} texture={shown?.texture} />
      <pixiGraphics draw={drawnElsewhere} ref={veil} />
      <pixiGraphics draw={drawnElsewhere} ref={lines} />
    </pixiContainer>
  );
}

interface RevealLabelsProps extends RevealLayerProps {
  /** Every mark drawn, which the labels should rather not cover. */
  marks: readonly StageMark[];
  describe: (pixels: number, ballWidth: number | null) => string;
}

/** Above the marks: each mark's distance in words, placed clear of each other and of the ball; the closest one counts up. */
export function RevealLabels({ reveal, ordered, marks, clock, describe }: RevealLabelsProps) {
  const { camera, revealShown } = useScene();
  const texts = useRef(new Map<string, Text>());
  const ballWidth = reveal?.ballWidth ?? null;

  useLayout((now) => {
    if (!reveal) return;
    const frame = clock.frame(now);
    const ball = camera.toScreen(reveal.ball);
    const boxes: LabelBox[] = [];
    // The lines from the revealed marks to the ball (RevealLayer), whole: the labels keep their
    // places while the lines grow.
    const lines: Segment[] = [];
    // The closest first: it gets the best spot.
    const byPriority = [...ordered].reverse();
    for (const mark of byPriority) {
      const at = camera.toScreen(mark.point!);
      lines.push({ from: at, to: ball });
      const text = texts.current.get(mark.id);
      if (!text) continue;
      const i = ordered.indexOf(mark);
      const distance = reveal.distances[mark.id]!;
      const best = mark.id === reveal.bestId;
      const words = best ? describe(distance * frame.count, ballWidth) : describe(distance, ballWidth);
      if (text.text !== words) text.text = words;
      text.alpha = best ? (frame.count > 0 ? 1 : 0) : (frame.labels[i] ?? 0);
      boxes.push({ id: mark.id, anchor: at, width: text.width, height: text.height });
    }
    // Every drawn mark (its cross and number) is something a label should rather not cover.
    const obstacles = marks.flatMap((mark) => {
      if (!mark.point) return [];
      const at = camera.toScreen(mark.point);
      return [
        { x: at.x, y: at.y, r: MARK.arm + 2 },
        { x: at.x + MARK.labelOffset.x, y: at.y + MARK.labelOffset.y, r: MARK.labelHit },
      ];
    });
    // Every label stays inside the part of the picture on the stage, 24 px in from its edges, and
    // above the zoom buttons' band.
    const inside = visiblePicture(camera.view, camera.image, camera.stage, REVEAL_LABEL_INSET);
    const bottom = Math.min(inside.y + inside.height, camera.stage.height - ZOOM_BUTTONS_BAND);
    const bounds = { ...inside, height: Math.max(0, bottom - inside.y) };
    const placed = layoutLabels(
      boxes,
      { x: ball.x, y: ball.y, r: ballRadius(reveal, camera) + 4 },
      { gap: MARK.selectedArm + 6, padding: 3, bounds, obstacles, lines, slack: REVEAL_LABEL_INSET },
    );
    for (const [id, text] of texts.current) {
      const rect = placed.get(id);
      // A label with no clear spot stays out (the result panel lists its distance).
      if (rect) text.position.set(rect.x, rect.y);
      else text.alpha = 0;
    }
    // What the test API reports: the labels as placed, and the picture they stay in.
    revealShown.record(
      [...placed].flatMap(([id, rect]) => ((texts.current.get(id)?.alpha ?? 0) > 0 ? [rect] : [])),
      visiblePicture(camera.view, camera.image, camera.stage),
    );
  });

  if (!reveal) return null;
  return (
    <pixiContainer>
      {ordered.map((mark) => {
        const best = mark.id === reveal.bestId;
        return (
          <pixiText
            key={mark.id}
            ref={(text: Text | null) => {
              if (text) texts.current.set(mark.id, text);
              else texts.current.delete(mark.id);
            }}
            text=""
            alpha={0}
            style={{
              fontFamily: FONT_FAMILY,
              fontSize: best ? 15 : 12,
              fontWeight: '700',
              fill: best ? COLORS.gold : COLORS.white,
              stroke: { color: COLORS.ink, width: 4, join: 'round' },
            }}
          />
        );
      })}
    </pixiContainer>
  );
}
