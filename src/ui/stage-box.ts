import type { CSSProperties } from 'react';

/**
 * The game screens' stage box takes the picture's shape on a phone (trial.css reads
 * --picture-ratio, width over height): a landscape photo fills the width with no black bars
 * above and below. Unknown until the picture is: the CSS falls back to 3:2, the usual photo.
 */
export function stageBoxStyle(
  picture: { width: number; height: number } | null | undefined,
): CSSProperties | undefined {
  if (!picture || picture.width <= 0 || picture.height <= 0) return undefined;
  return { '--picture-ratio': String(Math.round((picture.width / picture.height) * 10000) / 10000) } as CSSProperties;
}
