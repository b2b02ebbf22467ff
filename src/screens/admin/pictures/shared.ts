import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
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
      selected: (_label: string, x: number | null, y: number | null) => (x === null || y === null ? t('pictures.stage.selectedEmpty') : t('pictures.stage.selected', { x, y })),
    }),
    [t],
  );
}

/** File sizes as an operator reads them: 830 KB, 24.6 MB. */
export function formatBytes(bytes: number, lng: string): string {
  const number = (value: number, digits: number) => new Intl.NumberFormat(lng === 'hi' ? 'hi-IN' : 'en-IN', { maximumFractionDigits: digits }).format(value);
  if (bytes < 1024 * 1024) return `${number(Math.max(1, Math.round(bytes / 1024)), 0)} KB`;
  return `${number(bytes / 1024 / 1024, 1)} MB`;
}
