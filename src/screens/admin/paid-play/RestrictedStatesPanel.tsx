import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RestrictedStatesState } from '../../../../domain/location.ts';
import { fetchRestrictedStates, saveRestrictedStates } from '../../../api/admin-users.ts';
import { errorMessageOf } from '../../../api/http.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { formatIstShort } from '../../../ui/format.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useLoad } from '../../../shared/use-load.ts';

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((code) => b.includes(code));

/** Admin > Paid play > Restricted states: where the play gate refuses contests. */
export function RestrictedStatesPanel() {
  const { t, i18n } = useTranslation('admin');
  const lang = currentLanguage(i18n);
  const load = useLoad(async () => (await fetchRestrictedStates()).restrictedStates, 'restricted-states');
  const [picked, setPicked] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (load.state.status === 'loading' || load.state.status === 'idle')
    return <Spinner label={t('ops.restrictedStates.loading')} />;
  if (load.state.status === 'failed') {
    return (
      <div className="console-panel">
        <h2>{t('ops.restrictedStates.title')}</h2>
        <p role="alert">{errorMessageOf(load.state.error, t('list.failed'))}</p>
        <button type="button" className="button button--primary" onClick={load.retry}>
          {t('retry')}
        </button>
      </div>
    );
  }
  const s: RestrictedStatesState = load.state.value;
  const chosen = picked ?? s.codes;
  const dirty = !sameSet(chosen, s.codes);

  const save = async (codes: string[] | null) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const answer = await saveRestrictedStates(codes);
      load.set(answer.restrictedStates);
      setPicked(null);
      setNotice(
        !answer.changed
          ? t('ops.restrictedStates.unchanged')
          : codes === null
            ? t('ops.restrictedStates.savedDefault')
            : t('ops.restrictedStates.saved'),
      );
    } catch (e) {
      setError(errorMessageOf(e, t('ops.actionFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="console-panel" aria-labelledby="restricted-states-title">
      <h2 id="restricted-states-title">{t('ops.restrictedStates.title')}</h2>
      <p className="muted">{t('ops.restrictedStates.intro')}</p>
      <p>
        {s.source === 'environment'
          ? t('ops.restrictedStates.fromEnvironment')
          : t('ops.restrictedStates.fromConsole', {
              time: s.updatedAt === null ? '' : formatIstShort(new Date(s.updatedAt), lang),
            })}{' '}
        <strong>
          {chosen.length ? t('ops.restrictedStates.count', { count: chosen.length }) : t('ops.restrictedStates.none')}
        </strong>
      </p>
      {notice && (
        <p role="status" className="console-notice">
          {notice}
        </p>
      )}
      <fieldset className="state-picker" disabled={busy}>
        <legend>{t('ops.restrictedStates.legend')}</legend>
        {[...s.states]
          .sort((a, b) =>
            lang === 'hi' ? a.nameHi.localeCompare(b.nameHi, 'hi') : a.nameEn.localeCompare(b.nameEn, 'en'),
          )
          .map((state) => (
            <label key={state.code} className="state-picker__item">
              <input
                type="checkbox"
                checked={chosen.includes(state.code)}
                onChange={(event) => {
                  setNotice(null);
                  setPicked(
                    event.target.checked ? [...chosen, state.code] : chosen.filter((code) => code !== state.code),
                  );
                }}
              />
              <span>{lang === 'hi' ? state.nameHi : state.nameEn}</span>
            </label>
          ))}
      </fieldset>
      {error && (
        <p role="alert" className="console-list__error">
          {error}
        </p>
      )}
      <div className="console-actions">
        <button
          type="button"
          className="button button--primary"
          disabled={busy || !dirty}
          onClick={() => void save(chosen)}
        >
          {busy ? t('ops.working') : t('ops.restrictedStates.save')}
        </button>
        {s.source === 'console' && (
          <button type="button" className="button button--ghost" disabled={busy} onClick={() => void save(null)}>
            {t('ops.restrictedStates.useDefault')}
          </button>
        )}
      </div>
    </section>
  );
}
