// pixi.js exports this side-effect entry without types (its exports map has no "types" for it).
declare module 'pixi.js/unsafe-eval';
