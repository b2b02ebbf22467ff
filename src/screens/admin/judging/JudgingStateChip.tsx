import { useTranslation } from 'react-i18next';
import type { JudgeQueueItem } from '../../../../domain/judge-panel.ts';

/** A closed contest's judging state, or 'waiting for payments' while its entry list is not sealed. */
export function JudgingStateChip({ item }: { item: JudgeQueueItem }) {
  const { t } = useTranslation('admin');
  const state = !item.sealed && (item.state === 'awaiting' || item.state === 'judging') ? 'sealing' : item.state;
  return <span className={`chip judging-state judging-state--${state}`}>{t(`judging.states.${state}`)}</span>;
}
