import sharp from 'sharp';

/**
 * Demo cricket photos drawn by code, so a fresh install has practice pairs and a contest
 * picture without shipping or downloading images. A scene is a small 3D world (pitch, creases,
 * stumps, players, boundary boards, stands) seen through a pinhole camera whose angle, lens,
 * light and kits vary with the seed; it is rendered twice, with and without the ball, and the
 * two renders differ only where the ball was. Ground shadows are not drawn for the ball, so
 * the ball-removed picture leaves nothing at its spot.
 */
import { DEMO_HEIGHT, DEMO_WIDTH } from './pictures/frame.ts';
import { mulberry32 } from './pictures/random.ts';
import { buildScene, type SceneSvg } from './pictures/scene.ts';

export const DEMO_JPEG_QUALITY = 85;

export interface DemoScene {
  seed: number;
  /** Short description for logs, e.g. 'end-on, day, ball in flight'. */
  title: string;
  width: number;
  height: number;
  /** The ball centre in pixels of these pictures. */
  ball: { x: number; y: number };
  /** Radius of the drawn ball, in pixels of these pictures. */
  ballRadius: number;
  withBall: Buffer;
  withoutBall: Buffer;
}

export interface DemoRenderOptions {
  width?: number;
  height?: number;
  quality?: number;
}

// Rendering.

function grain(width: number, height: number, seed: number): Buffer {
  const rnd = mulberry32(seed ^ 0x9e3779b9);
  const out = Buffer.alloc(width * height);
  for (let i = 0; i < out.length; i += 1) out[i] = 128 + Math.round((rnd() + rnd() + rnd() - 1.5) * 22);
  return out;
}

type Layer = 'far' | 'near' | 'ball';
type Overlay = NonNullable<Parameters<ReturnType<typeof sharp>['composite']>[0]>[number];

/** Layers of a scene, mirrored when it is, inside its defs: the body of an SVG document in DEMO_WIDTH x DEMO_HEIGHT units. */
function layersMarkup(scene: SceneSvg, layers: readonly Layer[]): string {
  const flip = scene.mirror ? ` transform="translate(${DEMO_WIDTH},0) scale(-1,1)"` : '';
  const body = layers.map((l) => (l === 'far' ? scene.far : l === 'near' ? scene.near : scene.ballSvg)).join('');
  return `${scene.defs}<g${flip}>${body}</g>`;
}

/** One layer of a scene as an SVG document at the requested pixel size (transparent outside what it draws). */
function layerSvg(scene: SceneSvg, layer: Layer, width: number, height: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${DEMO_WIDTH} ${DEMO_HEIGHT}" preserveAspectRatio="none">${layersMarkup(scene, [layer])}</svg>`;
}

/** The whole scene as one SVG (background unblurred), for looking at it in a browser. */
export function demoSceneSvg(seed: number, withBall: boolean): string {
  const scene = buildScene(seed);
  const layers: Layer[] = withBall ? ['far', 'near', 'ball'] : ['far', 'near'];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${DEMO_WIDTH}" height="${DEMO_HEIGHT}" viewBox="0 0 ${DEMO_WIDTH} ${DEMO_HEIGHT}">${layersMarkup(scene, layers)}</svg>`;
}

/**
 * Renders scene `seed` as two JPEGs of the same size, with and without the ball, and gives the
 * ball centre in their pixels. Seeds 0 to 6 are seven different compositions. The scene is
 * rendered once; the ball is laid over a copy, so away from it the two pictures are identical.
 */
export async function renderDemoScene(seed: number, options: DemoRenderOptions = {}): Promise<DemoScene> {
  const width = options.width ?? DEMO_WIDTH;
  const height = options.height ?? DEMO_HEIGHT;
  const quality = options.quality ?? DEMO_JPEG_QUALITY;
  const scale = width / DEMO_WIDTH;
  const scene = buildScene(seed);
  const svg = (layer: Layer) => Buffer.from(layerSvg(scene, layer, width, height));

  const far = await sharp(svg('far'))
    .removeAlpha()
    .blur(Math.max(0.3, scene.farBlur * scale))
    .raw()
    .toBuffer();
  const raw = { width, height, channels: 3 } as const;
  const scenery = await sharp(far, { raw })
    .composite([{ input: svg('near') }])
    .removeAlpha()
    .raw()
    .toBuffer();
  const noise = {
    input: grain(width, height, seed),
    raw: { width, height, channels: 1 },
    blend: 'soft-light',
  } as const;
  // Film grain so the flat vector shapes read more like a photograph.
  const finish = (layers: Overlay[]) =>
    sharp(scenery, { raw })
      .composite([...layers, noise])
      .jpeg({ quality })
      .toBuffer();
  const [withBall, withoutBall] = await Promise.all([finish([{ input: svg('ball') }]), finish([])]);
  return {
    seed,
    title: scene.title,
    width,
    height,
    ball: { x: Math.round(scene.ball.x * scale), y: Math.round(scene.ball.y * (height / DEMO_HEIGHT)) },
    ballRadius: scene.ball.r * scale,
    withBall,
    withoutBall,
  };
}
