/**
 * What the first tap's frame would otherwise do on the spot, done during the stage's start
 * instead (issue 29): the marks' shapes have too many vertices to be batched with the picture, so
 * their first frame compiles a shader of its own, and the first label measures its font and draws
 * itself on a canvas. A mark and its label are drawn once into a 1x1 texture nobody sees.
 */
import { Container, Graphics, RenderTexture, Text, type Renderer } from 'pixi.js';
import { MARK_LABEL_STYLE, markShapes } from './graphics.ts';

export function warmUpMarks(renderer: Renderer): void {
  const shapes = markShapes();
  const probe = new Container();
  probe.addChild(
    new Graphics(shapes.crossSelected),
    new Graphics(shapes.pillSelected),
    new Text({ text: '1', style: MARK_LABEL_STYLE }),
  );
  const target = RenderTexture.create({ width: 1, height: 1 });
  renderer.render({ container: probe, target });
  // The shared shapes stay: the marks draw with them (a graphics destroys only a context it owns).
  probe.destroy({ children: true });
  target.destroy(true);
}
