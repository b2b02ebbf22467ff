import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { revealDistance } from '../../../domain/reveal-distance.ts';

export interface RevealWords {
  /** Short, for the picture beside each mark: "1.2 ball widths", "On the ball!", or "31.4 px" when the width is unknown. */
  short(pixels: number, ballWidth: number | null): string;
  /** For the result list: "1.2 ball widths · 31.4 px"; pixels alone when the width is unknown. */
  detail(pixels: number, ballWidth: number | null): string;
  /** The sentence about the closest ticket. */
  bestNote(label: string, pixels: number, ballWidth: number | null): string;
}

/** The reveal's distances in the player's language, from domain/reveal-distance.ts's verdict: the one place they are worded. */
export function useRevealWords(): RevealWords {
  const { t, i18n } = useTranslation('trial');
  const language = i18n.language;
  return useMemo(() => {
    const number = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
    const px = (pixels: number) => t('result.distance', { distance: number.format(pixels) });
    const short = (pixels: number, ballWidth: number | null) => {
      const d = revealDistance(pixels, ballWidth);
      switch (d.kind) {
        case 'pixels':
          return px(d.pixels);
        case 'onBall':
          return t('result.onBall');
        case 'underOneWidth':
          return t('result.underBallWidth');
        case 'widths':
          return t('result.ballWidths', { count: d.widths, n: number.format(d.widths) });
      }
    };
    return {
      short,
      detail: (pixels, ballWidth) => {
        const d = revealDistance(pixels, ballWidth);
        return d.kind === 'pixels'
          ? px(d.pixels)
          : t('result.detail', { words: short(pixels, ballWidth), pixels: px(d.pixels) });
      },
      bestNote: (label, pixels, ballWidth) => {
        const d = revealDistance(pixels, ballWidth);
        if (d.kind === 'pixels') return t('result.bestNote', { n: label, distance: number.format(d.pixels) });
        if (d.kind === 'onBall') return t('result.bestOnBall', { n: label, pixels: px(d.pixels) });
        return t('result.bestNoteWords', {
          n: label,
          words: short(pixels, ballWidth).toLocaleLowerCase(language),
          pixels: px(d.pixels),
        });
      },
    };
  }, [t, language]);
}
