// Seeded randomness: the same seed draws the same scene on every machine.

export type Random = () => number;

export function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const between = (rnd: Random, lo: number, hi: number) => lo + (hi - lo) * rnd();
export const pickOne = <T>(rnd: Random, items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
export const f1 = (n: number) => (Math.round(n * 10) / 10).toString();
