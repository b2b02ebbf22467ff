import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { revealDistance } from '../../../domain/reveal-distance.ts';
import { formatDecimal } from '../../ui/format.ts';

export interface RevealWords {
  /** Short, for the picture beside each mark and the result list: "1.2 ball widths", "On the ball!", or "31.4 px" when the width is unknown. */
  short(pixels: number, ballWidth: number | null): string;
  /** The details line under a ticket told in ball widths: "31.4 px from the ball's centre"; null when pixels are the words already. */
  details(pixels: number, ballWidth: number | null): string | null;
  /** The sentence about the closest ticket, in ball widths when the width is known. */
  bestNote(label: string, pixels: number, ballWidth: number | null): string;
}

/** The reveal's distances in the player's language, from domain/reveal-distance.ts's verdict: the one place they are worded. */
export function useRevealWords(): RevealWords {
  const { t, i18n } = useTranslation('trial');
  const language = i18n.language;
  return useMemo(() => {
    const number = { format: (n: number) => formatDecimal(n, language) };
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
      details: (pixels, ballWidth) => {
        const d = revealDistance(pixels, ballWidth);
        return d.kind === 'pixels' ? null : t('result.pixelDetails', { pixels: px(d.pixels) });
      },
      bestNote: (label, pixels, ballWidth) => {
        const d = revealDistance(pixels, ballWidth);
        if (d.kind === 'pixels') return t('result.bestNote', { n: label, distance: number.format(d.pixels) });
        if (d.kind === 'onBall') return t('result.bestOnBall', { n: label });
        return t('result.bestNoteWords', { n: label, words: short(pixels, ballWidth).toLocaleLowerCase(language) });
      },
    };
  }, [t, language]);
}
