import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderDemoScene, type DemoScene } from '../../scripts/demo/pictures.ts';

const WIDTH = 600;
const HEIGHT = 400;

async function pixels(jpeg: Buffer): Promise<Buffer> {
  return sharp(jpeg).raw().toBuffer();
}

/** Bright red, as the ball is and nothing else near it is. */
const isBallRed = (r: number, g: number, b: number) => r > 120 && g < 70 && b < 70;

describe('demo pictures', () => {
  const scenes: DemoScene[] = [];

  it('renders seven different scenes as same-size JPEG pairs with the ball inside the picture', async () => {
    for (let seed = 0; seed < 7; seed += 1) scenes.push(await renderDemoScene(seed, { width: WIDTH, height: HEIGHT }));
    for (const scene of scenes) {
      for (const jpeg of [scene.withBall, scene.withoutBall]) {
        const meta = await sharp(jpeg).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', WIDTH, HEIGHT]);
      }
      expect(Number.isInteger(scene.ball.x) && Number.isInteger(scene.ball.y)).toBe(true);
      // Well inside, never at an edge.
      expect(scene.ball.x).toBeGreaterThan(WIDTH * 0.1);
      expect(scene.ball.x).toBeLessThan(WIDTH * 0.9);
      expect(scene.ball.y).toBeGreaterThan(HEIGHT * 0.1);
      expect(scene.ball.y).toBeLessThan(HEIGHT * 0.9);
      // A cricket ball is small in a match photo, but it is there to be seen.
      expect(scene.ballRadius).toBeGreaterThan(1.5);
      expect(scene.ballRadius).toBeLessThan(WIDTH / 80);
    }
    expect(new Set(scenes.map((s) => s.title)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(scenes.map((s) => `${s.ball.x},${s.ball.y}`)).size).toBe(7);
    // Different compositions: no two ball-removed pictures are alike.
    const small = await Promise.all(scenes.map((s) => sharp(s.withoutBall).resize(60, 40).raw().toBuffer()));
    for (let i = 0; i < small.length; i += 1) {
      for (let j = i + 1; j < small.length; j += 1) {
        let diff = 0;
        for (let k = 0; k < small[i]!.length; k += 1) diff += Math.abs(small[i]![k]! - small[j]![k]!);
        expect(diff / small[i]!.length, `${i} vs ${j}`).toBeGreaterThan(8);
      }
    }
  });

  it('differs only around the ball: red ball there in one, nothing left of it in the other, identical far away', async () => {
    for (const scene of scenes) {
      const [a, b] = await Promise.all([pixels(scene.withBall), pixels(scene.withoutBall)]);
      const { x: bx, y: by } = scene.ball;
      const r = scene.ballRadius;
      // JPEG codes 16 x 16 blocks: a change reaches at most the blocks the ball touches, plus a pixel of smoothing.
      const near = r + 34;
      let nearDiff = 0;
      let farDiffPixels = 0;
      let redWith = 0;
      let redWithout = 0;
      for (let y = 0; y < HEIGHT; y += 1) {
        for (let x = 0; x < WIDTH; x += 1) {
          const i = (y * WIDTH + x) * 3;
          const d = Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!);
          const dist = Math.hypot(x - bx, y - by);
          if (Math.abs(x - bx) > near || Math.abs(y - by) > near) {
            if (d !== 0) farDiffPixels += 1;
          } else if (dist <= r) {
            nearDiff += d;
            if (isBallRed(a[i]!, a[i + 1]!, a[i + 2]!)) redWith += 1;
            if (isBallRed(b[i]!, b[i + 1]!, b[i + 2]!)) redWithout += 1;
          }
        }
      }
      expect(farDiffPixels, scene.title).toBe(0);
      expect(nearDiff, scene.title).toBeGreaterThan(0);
      expect(redWith, scene.title).toBeGreaterThan(0);
      expect(redWithout, scene.title).toBe(0);
    }
  });

  it('draws the same scene for the same seed', async () => {
    const again = await renderDemoScene(3, { width: WIDTH, height: HEIGHT });
    expect(again.ball).toEqual(scenes[3]!.ball);
    expect(Buffer.compare(again.withoutBall, scenes[3]!.withoutBall)).toBe(0);
  });
});
