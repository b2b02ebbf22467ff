/**
 * The parts of Pixi the scene uses, as one module the scene's loader (scene-loader.ts) evaluates in
 * a task of its own before the scene (issue 29). Listed by name: a dynamic import keeps every
 * export of what it imports, and Pixi's whole index is 620 KB.
 */
export {
  CanvasTextMetrics,
  Container,
  Graphics,
  GraphicsContext,
  ImageSource,
  RenderTexture,
  Sprite,
  Text,
  Texture,
  TextStyle,
  Ticker,
} from 'pixi.js';
