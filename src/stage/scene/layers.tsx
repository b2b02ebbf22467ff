/**
 * The picture and the marks as React components: what is drawn comes from props, where it is
 * drawn comes from the camera in each layer's placement step (useLayout), so a pan or a zoom
 * draws a frame without a React render.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import type { Container, Sprite } from 'pixi.js';
import type { StageMark } from '../types.ts';
import { MARK, drawOrder } from '../view.ts';
import { variantScale, worldToScreen } from '../coords.ts';
import { MARK_LABEL_STYLE, drawnElsewhere, markShapes } from './graphics.ts';
import { useLayout, useScene } from './context.ts';
import { type ShownPicture, sharpenWhenZoomed } from './textures.ts';

/** A picture in world space (the original's pixels), whatever variant its texture is. */
export function WorldPicture({
  shown,
  alpha = 1,
  sharpWhenZoomed = false,
}: {
  shown: ShownPicture | null;
  alpha?: number;
  sharpWhenZoomed?: boolean;
}) {
  const { camera } = useScene();
  const ref = useRef<Sprite>(null);
  useLayout(() => {
    const sprite = ref.current;
    if (!sprite) return;
    const { scale, x, y } = camera.view;
    sprite.position.set(x, y);
    if (!shown) return;
    const { picture, texture } = shown;
    sprite.scale.set(scale * variantScale(picture, texture), (scale * picture.height) / texture.height);
    if (sharpWhenZoomed) sharpenWhenZoomed(texture, (scale * picture.width) / Math.max(1, texture.width));
  });
  return <pixiSprite ref={ref} texture={shown?.texture} visible={shown !== null && alpha > 0} alpha={alpha} />;
}

/** Each mark's root container by id, for the placement step. */
class MarkRoots {
  private readonly roots = new Map<string, Container>();
  readonly register = (id: string, root: Container | null): void => {
    if (root) this.roots.set(id, root);
    else this.roots.delete(id);
  };

  get(id: string): Container | undefined {
    return this.roots.get(id);
  }
}

interface MarkProps {
  mark: StageMark;
  selected: boolean;
  register: (id: string, root: Container | null) => void;
}

function Mark({ mark, selected, register }: MarkProps) {
  const shapes = markShapes();
  const cross = mark.locked ? shapes.crossLocked : selected ? shapes.crossSelected : shapes.cross;
  const pill = mark.locked ? shapes.pillLocked : selected ? shapes.pillSelected : shapes.pill;
  return (
    <pixiContainer ref={(root: Container | null) => register(mark.id, root)} visible={mark.point !== null}>
      <pixiGraphics draw={drawnElsewhere} context={cross} />
      <pixiGraphics draw={drawnElsewhere} context={pill} x={MARK.labelOffset.x} y={MARK.labelOffset.y} />
      <pixiText
        text={mark.label}
        style={MARK_LABEL_STYLE}
        anchor={0.5}
        x={MARK.labelOffset.x}
        y={MARK.labelOffset.y + 0.5}
        visible={!mark.locked}
      />
    </pixiContainer>
  );
}

/**
 * The tickets' marks, at a constant size on screen; the selected one above the others. A tap's new
 * mark the machine has not yet heard of is drawn over the canvas by the edge (gestures.ts,
 * `placing`; PictureStage.tsx).
 */
export function MarksLayer({ marks, selectedId }: { marks: readonly StageMark[]; selectedId: string | null }) {
  const { camera, gestures } = useScene();
  const [roots] = useState(() => new MarkRoots());
  const register = roots.register;
  // New marks or a new selection drawn: a told place's or selection's crosshair goes in the same frame (gestures.ts).
  useLayoutEffect(() => gestures.current?.placesDrawn(), [marks, selectedId, gestures]);
  useLayout(() => {
    // A mark being dragged is drawn under the pointer until the machine has moved its ticket, and
    // one a tap moves is drawn at the tap until the machine has heard of it.
    const dragged = gestures.current?.dragged ?? null;
    const placing = gestures.current?.placing ?? null;
    for (const mark of marks) {
      const root = roots.get(mark.id);
      if (!root || !mark.point) continue;
      const at =
        dragged?.id === mark.id
          ? worldToScreen(dragged.world, camera.view)
          : camera.toScreen(placing?.moves === mark.id ? placing.point : mark.point);
      root.position.set(at.x, at.y);
    }
  });
  const { ordered, selected } = drawOrder(marks, selectedId);
  return (
    <pixiContainer>
      {ordered.map((mark) => (
        <Mark key={mark.id} mark={mark} selected={mark === selected} register={register} />
      ))}
    </pixiContainer>
  );
}
