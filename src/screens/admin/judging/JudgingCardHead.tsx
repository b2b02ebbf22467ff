import { useTranslation } from 'react-i18next';
import type { JudgeQueueItem } from '../../../../domain/judge-panel.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { formatIstShort } from '../../../ui/format.ts';
import { JudgingStateChip } from './JudgingStateChip.tsx';
import { contestNameParts } from './contest-name.ts';

/** The top of a closed contest's card in the judging panel and on the results page: which, when, how far. */
export function JudgingCardHead({ item }: { item: JudgeQueueItem }) {
  const { t, i18n } = useTranslation('admin');
  return (
    <>
      <p className="judging-card__title">
        {t('judging.contestName', contestNameParts(item.windowKey, currentLanguage(i18n)))}
      </p>
      <p className="muted judging-card__meta">
        {t('judging.closedAt', { time: formatIstShort(new Date(item.closesAt), currentLanguage(i18n)) })}
      </p>
      <p className="judging-card__meta">
        <JudgingStateChip item={item} />
        <span>{t('judging.marksOf', { marks: item.marks, count: item.required })}</span>
      </p>
    </>
  );
}
