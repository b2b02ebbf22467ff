/**
 * The loupe a press and hold brings up on touch: a circle above the finger showing the picture
 * magnified around the aimed pixel, that pixel boxed, and a small ring where it is on the stage.
 * Its content comes from the gestures' aim, placed in the layout step.
 */
import { useLayoutEffect, useRef } from 'react';
import type { Container, Graphics, Sprite } from 'pixi.js';
import { worldToScreen } from '../coords.ts';
import { LOUPE, loupeCentre, loupeScale } from '../view.ts';
import { COLORS, drawnElsewhere } from './graphics.ts';
import { useLayout, useScene } from './context.ts';
import type { ShownPicture } from './textures.ts';

/** `onUp` is called when the loupe comes up (in the frame that first draws it). */
export function Loupe({ shown, onUp }: { shown: ShownPicture | null; onUp?: () => void }) {
  const { camera, gestures } = useScene();
  const root = useRef<Container>(null);
  const sprite = useRef<Sprite>(null);
  const mask = useRef<Graphics>(null);
  const frame = useRef<Graphics>(null);
  const aimMark = useRef<Graphics>(null);

  useLayoutEffect(() => {
    if (sprite.current && mask.current) sprite.current.mask = mask.current;
  }, []);

  useLayout(() => {
    const aim = gestures.current?.aim ?? null;
    if (!root.current || !sprite.current || !frame.current || !aimMark.current || !mask.current) return;
    aimMark.current.clear();
    root.current.visible = aim !== null && shown !== null;
    if (!aim || !shown) return;
    onUp?.();
    const at = worldToScreen(aim, camera.view);
    aimMark.current
      .circle(at.x, at.y, 6)
      .stroke({ width: 3, color: COLORS.ink })
      .circle(at.x, at.y, 6)
      .stroke({ width: 1.5, color: COLORS.gold });
    const finger = gestures.current?.finger ?? at;
    const centre = loupeCentre(finger, camera.stage);
    const zoom = loupeScale(camera.view.scale);
    root.current.position.set(centre.x, centre.y);
    const { texture } = shown;
    sprite.current.scale.set(
      (camera.image.width / Math.max(1, texture.width)) * zoom,
      (camera.image.height / Math.max(1, texture.height)) * zoom,
    );
    sprite.current.position.set(-aim.x * zoom, -aim.y * zoom);
    const r = LOUPE.radius;
    mask.current.clear().circle(0, 0, r).fill({ color: COLORS.white });
    // The frame, the aimed pixel's box and a crosshair with a gap around that pixel.
    const half = zoom / 2;
    frame.current
      .clear()
      .circle(0, 0, r)
      .stroke({ width: 4, color: COLORS.ink })
      .circle(0, 0, r - 2)
      .stroke({ width: 2, color: COLORS.white })
      .rect((Math.floor(aim.x) - aim.x) * zoom, (Math.floor(aim.y) - aim.y) * zoom, zoom, zoom)
      .stroke({ width: 1.5, color: COLORS.gold })
      .moveTo(-r + 6, 0)
      .lineTo(-half - 3, 0)
      .moveTo(half + 3, 0)
      .lineTo(r - 6, 0)
      .moveTo(0, -r + 6)
      .lineTo(0, -half - 3)
      .moveTo(0, half + 3)
      .lineTo(0, r - 6)
      .stroke({ width: 1.5, color: COLORS.gold });
  });

  return (
    <>
      <pixiGraphics draw={drawnElsewhere} ref={aimMark} />
      <pixiContainer ref={root}>
        <pixiSprite ref={sprite} texture={shown?.texture} />
        <pixiGraphics draw={drawnElsewhere} ref={mask} />
        <pixiGraphics draw={drawnElsewhere} ref={frame} />
      </pixiContainer>
    </>
  );
}
