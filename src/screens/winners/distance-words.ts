import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { revealDistance } from '../../../domain/reveal-distance.ts';
import { formatDecimal } from '../../ui/format.ts';

/**
 * A ranked distance in ball widths, as the practice reveal tells it (domain/reveal-distance.ts):
 * 'on the ball', 'less than a ball width', '2.3 ball widths'; the pixels go in a details line.
 */
export function useBallWidthWords(): {
  words(pixels: number, ballWidth: number): string;
  pixels(pixels: number): string;
} {
  const { t, i18n } = useTranslation('results');
  const language = i18n.language;
  return useMemo(() => {
    const number = { format: (n: number) => formatDecimal(n, language, 1) };
    const widths = { format: (n: number) => formatDecimal(n, language) };
    return {
      words: (pixels, ballWidth) => {
        const d = revealDistance(pixels, ballWidth);
        if (d.kind === 'onBall') return t('distance.onBall');
        if (d.kind === 'underOneWidth') return t('distance.underBallWidth');
        if (d.kind === 'widths') return t('distance.ballWidths', { count: d.widths, n: widths.format(d.widths) });
        return number.format(d.pixels);
      },
      pixels: (pixels) => number.format(pixels),
    };
  }, [t, language]);
}
