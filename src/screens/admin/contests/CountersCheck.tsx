import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContestCounters, CountersCheck as CountersCheckAnswer } from '../../../../domain/admin-contests.ts';
import { checkCounters, repairCounters } from '../../../api/admin-contests.ts';
import { errorMessageOf } from '../../../api/http.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { formatIstShort } from '../../../ui/format.ts';
import { useContestMessage } from './messages.ts';

type State =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'failed'; text: string }
  | { kind: 'checked'; answer: CountersCheckAnswer };

/**
 * Contests > Ticket counters: compares each contest's counters (tickets left, each player's count)
 * with the tickets themselves and offers to recount one that differs. Both are audited.
 */
export function CountersCheck() {
  const { t } = useTranslation('admin');
  const say = useContestMessage();
  const [state, setState] = useState<State>({ kind: 'idle' });

  const run = async () => {
    setState({ kind: 'checking' });
    try {
      setState({ kind: 'checked', answer: await checkCounters() });
    } catch (error) {
      setState({ kind: 'failed', text: errorMessageOf(error, t('contests.counters.failed')) });
    }
  };
  const repaired = (after: ContestCounters) =>
    setState((s) =>
      s.kind === 'checked'
        ? {
            kind: 'checked',
            answer: {
              ...s.answer,
              contests: s.answer.contests.map((c) => (c.contestId === after.contestId ? after : c)),
            },
          }
        : s,
    );

  return (
    <section className="console-panel counters-check" aria-labelledby="counters-check-title">
      <h2 id="counters-check-title">{t('contests.counters.title')}</h2>
      <p className="muted">{t('contests.counters.intro')}</p>
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={() => void run()}
        disabled={state.kind === 'checking'}
      >
        {state.kind === 'checking' ? t('contests.counters.checking') : t('contests.counters.check')}
      </button>
      {state.kind === 'failed' && (
        <p role="alert" className="console-list__error">
          {say(state.text)}
        </p>
      )}
      {state.kind === 'checked' && <CheckResult answer={state.answer} onRepaired={repaired} />}
    </section>
  );
}

function CheckResult({
  answer,
  onRepaired,
}: {
  answer: CountersCheckAnswer;
  onRepaired: (after: ContestCounters) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const lng = currentLanguage(i18n);
  const differing = answer.contests.filter((c) => !c.ok).length;
  return (
    <div className="counters-check__result">
      <p role="status" className={differing === 0 ? 'console-notice' : 'contest-lock contest-lock--banner'}>
        {answer.contests.length === 0
          ? t('contests.counters.none')
          : differing === 0
            ? t('contests.counters.allMatch', { total: answer.contests.length })
            : t('contests.counters.someDiffer', { differing, total: answer.contests.length })}{' '}
        <span className="muted">
          {t('contests.counters.checkedAt', { when: formatIstShort(new Date(answer.checkedAt), lng) })}
        </span>
      </p>
      {answer.contests.length > 0 && (
        <ul className="counters-check__list">
          {answer.contests.map((c) => (
            <ContestCountersItem key={c.contestId} counters={c} onRepaired={onRepaired} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ContestCountersItem({
  counters,
  onRepaired,
}: {
  counters: ContestCounters;
  onRepaired: (after: ContestCounters) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const lng = currentLanguage(i18n);
  const count = (n: number) => new Intl.NumberFormat(lng === 'hi' ? 'hi-IN' : 'en-IN').format(n);
  const when = (at: string) => formatIstShort(new Date(at), lng);
  const say = useContestMessage();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const repair = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const { before, after } = await repairCounters(counters.contestId);
      setOutcome({
        ok: after.ok,
        text: t('contests.counters.repaired', { before: count(before.takenCounter), after: count(after.takenCounter) }),
      });
      onRepaired(after);
    } catch (error) {
      setOutcome({ ok: false, text: errorMessageOf(error, t('contests.counters.repairFailed')) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="counters-check__item">
      <p className="audit-item__meta">
        {t('contests.window', { slot: counters.slot, opens: when(counters.opensAt), closes: when(counters.closesAt) })}{' '}
        <span className={`chip contest-state contest-state--${counters.state}`}>
          {t(`contests.states.${counters.state}`)}
        </span>
      </p>
      <p>
        <span className={`chip ${counters.ok ? 'counters-check__chip--ok' : 'counters-check__chip--differ'}`}>
          {counters.ok ? t('contests.counters.match') : t('contests.counters.differ')}
        </span>{' '}
        {t('contests.counters.taken', { counter: count(counters.takenCounter), actual: count(counters.takenActual) })}{' '}
        {t('contests.counters.players', {
          players: count(counters.players),
          mismatched: count(counters.playersMismatched),
        })}
      </p>
      {!counters.ok && (
        <button
          type="button"
          className="button button--primary button--small"
          onClick={() => void repair()}
          disabled={busy}
        >
          {busy ? t('contests.counters.repairing') : t('contests.counters.repair')}
        </button>
      )}
      {outcome && (
        <p role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'console-notice' : 'console-list__error'}>
          {say(outcome.text)}
        </p>
      )}
    </li>
  );
}
