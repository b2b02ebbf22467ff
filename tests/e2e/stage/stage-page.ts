import { type BrowserContext, type Page, expect } from '@playwright/test';

export interface PixelPoint {
  x: number;
  y: number;
}

/** Drives the stage's development page through what a user does and the stage's test API. */
export class StagePage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  static async open(context: BrowserContext, query = ''): Promise<StagePage> {
    const page = await context.newPage();
    const stage = new StagePage(page);
    await page.goto(`/stage-dev.html${query}`);
    await page.waitForFunction(() => window.__cricspotStage?.ready === true, null, { timeout: 45_000 });
    // The dev page's status line says 'drawn at ... ms' once the picture is drawn; on a 360 px
    // screen it may wrap and move the stage down, so taps are aimed only after that layout.
    await page.getByTestId('ready-at').filter({ hasText: 'drawn at' }).waitFor();
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    return stage;
  }

  get canvasHost() {
    return this.page.getByRole('application');
  }

  view() {
    return this.page.evaluate(() => window.__cricspotStage!.getView());
  }

  rendererType() {
    return this.page.evaluate(() => window.__cricspotStage!.rendererType);
  }

  /** Zoom to `times` the fit scale with the original point (cx, cy) in the middle. */
  async zoomTo(times: number, cx: number, cy: number): Promise<void> {
    await this.page.evaluate(
      ([t, x, y]) => {
        const api = window.__cricspotStage!;
        api.zoomTo(api.getView().fitScale * t!, x!, y!);
      },
      [times, cx, cy],
    );
    await this.nextFrames();
  }

  /** Two animation frames: the stage has drawn what it was told. */
  nextFrames() {
    return this.page.evaluate(
      () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
    );
  }

  clientOf(pixel: PixelPoint) {
    return this.page.evaluate(([x, y]) => window.__cricspotStage!.imageToClient(x!, y!), [pixel.x, pixel.y]);
  }

  async placed(): Promise<{ x: number; y: number; count: number }> {
    const placed = this.page.getByTestId('placed');
    const [x, y, count] = await Promise.all([
      placed.getAttribute('data-x'),
      placed.getAttribute('data-y'),
      placed.getAttribute('data-count'),
    ]);
    return { x: Number(x), y: Number(y), count: Number(count) };
  }

  /** Waits until the page has recorded `count` placements and returns the last one. */
  async placedAfter(count: number): Promise<PixelPoint> {
    await expect(this.page.getByTestId('placed')).toHaveAttribute('data-count', String(count));
    const { x, y } = await this.placed();
    return { x, y };
  }

  async expectVisible(client: PixelPoint): Promise<void> {
    const box = await this.canvasHost.boundingBox();
    expect(box).not.toBeNull();
    expect(client.x).toBeGreaterThanOrEqual(box!.x);
    expect(client.y).toBeGreaterThanOrEqual(box!.y);
    expect(client.x).toBeLessThan(box!.x + box!.width);
    expect(client.y).toBeLessThan(box!.y + box!.height);
  }
}
