import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BALL_WIDTH_MIN, ballWidthMax } from '../../../../domain/admin-pictures.ts';
import type { StageLabels } from '../../../stage/PictureStage.tsx';

/** The stage's texts in the console's words (the stage itself is the players' one, loaded lazily). */
export function useStageLabels(): StageLabels {
  const { t } = useTranslation('admin');
  return useMemo(
    () => ({
      zoomIn: t('pictures.stage.zoomIn'),
      zoomOut: t('pictures.stage.zoomOut'),
      resetZoom: t('pictures.stage.resetZoom'),
      stage: t('pictures.stage.label'),
      loading: t('pictures.stage.loading'),
      coordinates: (x: number, y: number) => t('pictures.stage.coordinates', { x, y }),
      selected: (_label: string, x: number | null, y: number | null) =>
        x === null || y === null ? t('pictures.stage.selectedEmpty') : t('pictures.stage.selected', { x, y }),
    }),
    [t],
  );
}

/** File sizes as an operator reads them: 830 KB, 24.6 MB. */
export function formatBytes(bytes: number, lng: string): string {
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(lng === 'hi' ? 'hi-IN' : 'en-IN', { maximumFractionDigits: digits }).format(value);
  if (bytes < 1024 * 1024) return `${number(Math.max(1, Math.round(bytes / 1024)), 0)} KB`;
  return `${number(bytes / 1024 / 1024, 1)} MB`;
}

const BALL_WIDTH_ERRORS = ['needBallWidth', 'ballWidthWhole', 'ballWidthRange'] as const;
const isBallWidthError = (message: string): message is (typeof BALL_WIDTH_ERRORS)[number] =>
  (BALL_WIDTH_ERRORS as readonly string[]).includes(message);

/** A ball width error in the console's words: the form's keys translated, the server's own text as it is. */
export function ballWidthErrorText(
  t: TFunction<'admin'>,
  message: string | undefined,
  pictureWidth: number,
): string | undefined {
  if (message === undefined || !isBallWidthError(message)) return message;
  return t(`pictures.newPair.${message}`, { min: BALL_WIDTH_MIN, max: ballWidthMax(pictureWidth) });
}
