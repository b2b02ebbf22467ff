/**
 * What the first tap's frame would otherwise do on the spot, done during the stage's start
 * instead (issue 29): the first mark builds its shapes' drawing (with WebGL, a shader of its own),
 * and the first label measures its font and draws itself on a canvas. A mark, then its label's
 * font and text measured, then the label are drawn into a 1x1 texture nobody sees, each in a task
 * of its own, so a tap waits for one of them at most.
 */
import { CanvasTextMetrics, Container, Graphics, RenderTexture, Text, TextStyle, type Renderer } from 'pixi.js';
import { nextQuietTask } from '../../shared/yield-to-browser.ts';
import { MARK_LABEL_STYLE, markShapes } from './graphics.ts';

/** Draws `probe` once, unseen, and destroys it. */
function drawUnseen(renderer: Renderer, probe: Container): void {
  const target = RenderTexture.create({ width: 1, height: 1 });
  renderer.render({ container: probe, target });
  // The shared shapes stay: the marks draw with them (a graphics destroys only a context it owns).
  probe.destroy({ children: true });
  target.destroy(true);
}

/** Warms the marks' shapes, then their labels, a task apart; stops when `alive` says the renderer is gone. */
export async function warmUpMarks(renderer: Renderer, alive: () => boolean): Promise<void> {
  const shapes = markShapes();
  const marks = new Container();
  marks.addChild(new Graphics(shapes.crossSelected), new Graphics(shapes.pillSelected));
  drawUnseen(renderer, marks);
  await nextQuietTask();
  if (!alive()) return;
  // The font's metrics and the number's size, kept by Pixi for every label after (half the label's first draw).
  CanvasTextMetrics.measureText('1', new TextStyle(MARK_LABEL_STYLE));
  await nextQuietTask();
  if (!alive()) return;
  const labels = new Container();
  labels.addChild(new Text({ text: '1', style: MARK_LABEL_STYLE }));
  drawUnseen(renderer, labels);
}
