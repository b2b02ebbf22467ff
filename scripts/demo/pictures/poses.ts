// Poses. People are drawn in screen space at their feet: a pose is a set of joints in metres (x to the
// player's front when dir = 1, h up), scaled by the pixels per metre at their depth.

export type Joint = readonly [number, number];
export interface Pose {
  hip: Joint;
  neck: Joint;
  head: Joint;
  kneeL: Joint;
  footL: Joint;
  kneeR: Joint;
  footR: Joint;
  elbowL: Joint;
  handL: Joint;
  elbowR: Joint;
  handR: Joint;
  /** Bat angle in degrees from straight down (0), turning toward the front (positive). */
  bat?: number;
}

export const POSES = {
  stance: {
    hip: [0, 0.92],
    neck: [0.1, 1.45],
    head: [0.16, 1.62],
    kneeL: [0.22, 0.5],
    footL: [0.25, 0],
    kneeR: [-0.14, 0.5],
    footR: [-0.2, 0],
    elbowL: [0.28, 1.15],
    handL: [0.2, 0.95],
    elbowR: [0.2, 1.12],
    handR: [0.16, 0.98],
    bat: -25,
  },
  backlift: {
    hip: [0, 0.9],
    neck: [0.06, 1.44],
    head: [0.14, 1.6],
    kneeL: [0.28, 0.48],
    footL: [0.36, 0],
    kneeR: [-0.14, 0.5],
    footR: [-0.22, 0],
    elbowL: [0.05, 1.25],
    handL: [-0.18, 1.28],
    elbowR: [-0.05, 1.2],
    handR: [-0.2, 1.22],
    bat: 150,
  },
  drive: {
    hip: [0.12, 0.82],
    neck: [0.36, 1.32],
    head: [0.46, 1.46],
    kneeL: [0.58, 0.46],
    footL: [0.72, 0],
    kneeR: [-0.2, 0.4],
    footR: [-0.38, 0],
    elbowL: [0.56, 1.08],
    handL: [0.66, 0.86],
    elbowR: [0.48, 1.02],
    handR: [0.62, 0.84],
    bat: 25,
  },
  pull: {
    hip: [-0.02, 0.9],
    neck: [-0.06, 1.44],
    head: [0.0, 1.6],
    kneeL: [0.24, 0.5],
    footL: [0.34, 0],
    kneeR: [-0.2, 0.48],
    footR: [-0.3, 0],
    elbowL: [0.22, 1.3],
    handL: [0.4, 1.3],
    elbowR: [0.14, 1.22],
    handR: [0.36, 1.26],
    bat: 95,
  },
  release: {
    hip: [0, 0.95],
    neck: [-0.08, 1.48],
    head: [-0.04, 1.65],
    kneeL: [0.3, 0.52],
    footL: [0.46, 0],
    kneeR: [-0.36, 0.46],
    footR: [-0.62, 0.08],
    elbowL: [0.3, 1.3],
    handL: [0.4, 1.05],
    elbowR: [-0.04, 1.9],
    handR: [0.02, 2.2],
  },
  followThrough: {
    hip: [0.1, 0.88],
    neck: [0.38, 1.36],
    head: [0.5, 1.5],
    kneeL: [0.42, 0.48],
    footL: [0.55, 0],
    kneeR: [-0.28, 0.5],
    footR: [-0.56, 0.2],
    elbowL: [0.0, 1.0],
    handL: [-0.2, 0.82],
    elbowR: [0.5, 1.05],
    handR: [0.42, 0.72],
  },
  keeper: {
    hip: [-0.1, 0.55],
    neck: [0.12, 1.02],
    head: [0.2, 1.17],
    kneeL: [0.25, 0.42],
    footL: [0.12, 0],
    kneeR: [0.2, 0.4],
    footR: [-0.16, 0],
    elbowL: [0.38, 0.74],
    handL: [0.5, 0.58],
    elbowR: [0.34, 0.7],
    handR: [0.48, 0.54],
  },
  slip: {
    hip: [-0.08, 0.78],
    neck: [0.18, 1.24],
    head: [0.28, 1.38],
    kneeL: [0.2, 0.45],
    footL: [0.2, 0],
    kneeR: [0.0, 0.42],
    footR: [-0.24, 0],
    elbowL: [0.34, 0.9],
    handL: [0.42, 0.7],
    elbowR: [0.28, 0.86],
    handR: [0.38, 0.66],
  },
  standing: {
    hip: [0, 0.95],
    neck: [0.02, 1.5],
    head: [0.04, 1.67],
    kneeL: [0.08, 0.5],
    footL: [0.12, 0],
    kneeR: [-0.06, 0.5],
    footR: [-0.1, 0],
    elbowL: [0.12, 1.2],
    handL: [0.14, 0.95],
    elbowR: [-0.1, 1.2],
    handR: [-0.08, 0.95],
  },
} satisfies Record<string, Pose>;
