import { between, type Random } from './random.ts';

// Light and colour by time of day, and the teams' kits.

export type TimeOfDay = 'day' | 'afternoon' | 'evening' | 'night';

export interface Light {
  time: TimeOfDay;
  skyTop: string;
  skyBottom: string;
  grassA: string;
  grassB: string;
  pitch: string;
  pitchWorn: string;
  stand: string;
  /** Shadows on the ground: direction (unit, world) and length per metre of height. */
  shadows: Array<{ dx: number; dz: number; length: number; opacity: number }>;
  tint: { colour: string; opacity: number };
}

export function lightFor(time: TimeOfDay, rnd: Random): Light {
  const sun = between(rnd, 0, Math.PI * 2);
  const dir = { dx: Math.cos(sun), dz: Math.sin(sun) };
  switch (time) {
    case 'day':
      return {
        time,
        skyTop: '#5d9fd8',
        skyBottom: '#cfe6f5',
        grassA: '#4f9a3c',
        grassB: '#5aa845',
        pitch: '#c9b07a',
        pitchWorn: '#b89a63',
        stand: '#6c6f75',
        shadows: [{ ...dir, length: 0.45, opacity: 0.42 }],
        tint: { colour: '#ffffff', opacity: 0 },
      };
    case 'afternoon':
      return {
        time,
        skyTop: '#6fa6d6',
        skyBottom: '#e6eef0',
        grassA: '#4a9238',
        grassB: '#56a042',
        pitch: '#cdb07c',
        pitchWorn: '#b9985f',
        stand: '#706d6b',
        shadows: [{ ...dir, length: 1.1, opacity: 0.4 }],
        tint: { colour: '#ffd9a0', opacity: 0.06 },
      };
    case 'evening':
      return {
        time,
        skyTop: '#4a5f8c',
        skyBottom: '#f2b27a',
        grassA: '#4b8a34',
        grassB: '#57963d',
        pitch: '#d0a872',
        pitchWorn: '#b88f5a',
        stand: '#5f5553',
        shadows: [{ ...dir, length: 2.6, opacity: 0.38 }],
        tint: { colour: '#ff9d4d', opacity: 0.1 },
      };
    case 'night':
      return {
        time,
        skyTop: '#060b1a',
        skyBottom: '#1c2a48',
        grassA: '#3f9a48',
        grassB: '#4aa852',
        pitch: '#d3bd8d',
        pitchWorn: '#c0a675',
        stand: '#2f3238',
        // Floodlights from four towers: four faint shadows.
        shadows: [0.8, 2.4, 3.9, 5.5].map((angle) => ({
          dx: Math.cos(angle),
          dz: Math.sin(angle),
          length: 0.9,
          opacity: 0.16,
        })),
        tint: { colour: '#9fb8ff', opacity: 0.05 },
      };
  }
}

export interface Kit {
  shirt: string;
  trousers: string;
  trim: string;
  cap: string;
}

export const KITS: readonly Kit[] = [
  { shirt: '#1f5fbf', trousers: '#1b3f86', trim: '#ff9933', cap: '#123a7a' }, // blue
  { shirt: '#f2c21b', trousers: '#f2c21b', trim: '#1d3f8f', cap: '#f2c21b' }, // yellow
  { shirt: '#6b1f3a', trousers: '#3e1122', trim: '#f2c94c', cap: '#5a1830' }, // maroon
  { shirt: '#1e7a4a', trousers: '#0f4d2c', trim: '#f4d03f', cap: '#145c37' }, // green
  { shirt: '#e3702b', trousers: '#2b2b2b', trim: '#ffffff', cap: '#c85a1a' }, // orange
  { shirt: '#6a2ca0', trousers: '#3d1866', trim: '#f5c518', cap: '#4f1f7a' }, // purple
  { shirt: '#f4f1e8', trousers: '#f4f1e8', trim: '#1f5fbf', cap: '#17335f' }, // test whites
];

export const SKIN = ['#8d5524', '#a0662f', '#c68642', '#7a4a24', '#b07040'];
