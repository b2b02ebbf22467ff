import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { StageLabels } from '../../../stage/PictureStage.tsx';

/** The stage's texts for the console (judges' marking and the result review). */
export function useStageLabels(): StageLabels {
  const { t } = useTranslation('admin');
  return useMemo(
    () => ({
      zoomIn: t('judging.stage.zoomIn'),
      zoomOut: t('judging.stage.zoomOut'),
      resetZoom: t('judging.stage.resetZoom'),
      stage: t('judging.stage.label'),
      loading: t('judging.stage.loading'),
      coordinates: (x: number, y: number) => t('judging.stage.coordinates', { x, y }),
      selected: (_label: string, x: number | null, y: number | null) =>
        x === null || y === null ? t('judging.stage.selectedEmpty') : t('judging.stage.selected', { x, y }),
    }),
    [t],
  );
}
