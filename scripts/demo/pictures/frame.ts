/** The world is drawn in this space and scaled to the requested size. */
export const DEMO_WIDTH = 2400;
export const DEMO_HEIGHT = 1600;
