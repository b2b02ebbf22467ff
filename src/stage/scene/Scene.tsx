/**
 * The scene inside the Pixi application, declared from props: the picture, the reveal's backdrop,
 * the marks, the reveal's labels and the loupe, in that order from the bottom.
 */
import { useApplication } from '@pixi/react';
import { startTransition, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { GamePicture } from '../../../domain/practice.ts';
import type { StageMark, StageReveal } from '../types.ts';
import { savesData } from '../../shared/save-data.ts';
import { useScene } from './context.ts';
import { MarksLayer, WorldPicture } from './layers.tsx';
import { Loupe } from './Loupe.tsx';
import { RevealBackdrop, RevealLabels, revealOrder, useRevealClock } from './reveal-layer.tsx';
import { TextureStore, pictureKey, usePictureTextures } from './textures.ts';

export interface SceneContentProps {
  picture: GamePicture;
  marks: StageMark[];
  selectedId: string | null;
  reveal: StageReveal | null;
  describeDistance: (pixels: number, ballWidth: number | null) => string;
  /** The picture is on screen (drawn). */
  onPictureDrawn(picture: GamePicture): void;
  /** The reveal's count has landed. */
  onRevealLanded(): void;
}

export function Scene({
  picture,
  marks,
  selectedId,
  reveal,
  describeDistance,
  onPictureDrawn,
  onRevealLanded,
}: SceneContentProps) {
  const { camera, frames } = useScene();
  const { app } = useApplication();
  // The picture is readied for drawing in a task before the frame that draws it (textures.ts).
  const [store] = useState(
    () => new TextureStore((texture) => (app.renderer ? app.renderer.texture.initSource(texture.source) : undefined)),
  );
  useEffect(() => () => store.destroy(), [store]);

  // Another picture starts fitted, before its texture has loaded; an equal one in a new object (a
  // re-render upstream) keeps the view.
  const key = pictureKey(picture);
  const size = useRef({ width: picture.width, height: picture.height });
  useLayoutEffect(() => {
    size.current = { width: picture.width, height: picture.height };
  });
  useLayoutEffect(() => camera.setImage(size.current), [camera, key]);
  // The loupe shows the finest variant loaded; the world the one its view needs (textures.ts). The
  // loupe comes up under a finger only: a screen without touch loads more when a zoom needs it. On
  // a phone the largest loads when the browser is idle, or once the loupe is up if that comes first;
  // a player whose browser asks to save data (savesData) downloads it only then, picture by
  // picture, which spares a game most of its bytes (the demo pictures' largest copy is 562 KB, the
  // phone copy 25-33 KB) for a first loupe drawn from the phone copy until it arrives.
  const [touch] = useState(() => navigator.maxTouchPoints > 0);
  const [sparing] = useState(savesData);
  const [loupeUpOn, setLoupeUpOn] = useState('');
  const loupeUp = loupeUpOn === key;
  const finestWhen = !touch ? undefined : loupeUp ? 'now' : sparing ? undefined : 'idle';
  const { shown, finest } = usePictureTextures(picture, camera, store, { finest: finestWhen });
  const revealShown = usePictureTextures(reveal?.picture ?? null, camera, store).shown;
  const ordered = useMemo(() => (reveal ? revealOrder(marks, reveal) : []), [marks, reveal]);
  const clock = useRevealClock(reveal, ordered, onRevealLanded);

  // The scene's first render holds the picture alone; the other layers follow in a transition,
  // which React renders in slices of a few ms (issue 29). @pixi/react renders its first children
  // as Pixi's application has started, outside any transition: all the layers' Pixi objects were
  // made in one task of 30-50 ms at 4x CPU slowdown, and a tap whose finger came down during it
  // (the player tapping the picture as soon as its marks showed) waited for its end.
  const [layered, setLayered] = useState(false);
  useEffect(() => startTransition(() => setLayered(true)), []);

  // Drawn at once when the picture's texture is in and every layer is there (the marks with it), so
  // whoever waits for it sees it on screen.
  const drawnPicture = layered ? (shown?.picture ?? null) : null;
  useLayoutEffect(() => {
    if (!drawnPicture) return;
    frames.renderNow();
    onPictureDrawn(drawnPicture);
  }, [drawnPicture, frames, onPictureDrawn]);

  const world = <WorldPicture shown={shown} sharpWhenZoomed />;
  if (!layered) return world;
  return (
    <>
      {world}
      <RevealBackdrop reveal={reveal} ordered={ordered} clock={clock} shown={revealShown} />
      <MarksLayer marks={marks} selectedId={selectedId} />
      <RevealLabels
        reveal={reveal}
        ordered={ordered}
        marks={marks}
        clock={clock}
        shown={revealShown}
        describe={describeDistance}
      />
      <Loupe shown={finest} onUp={loupeUp ? undefined : () => setLoupeUpOn(key)} />
    </>
  );
}
