import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInr } from '../../../../domain/money.ts';
import { fetchTdsSettings, saveTdsSettings } from '../../../api/admin-claims.ts';
import { errorMessageOf } from '../../../api/http.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { useLoad } from '../../../shared/use-load.ts';
import { InputField } from '../ui/ConsoleFields.tsx';

const RATE = /^\d{1,3}(\.\d{1,2})?$/;
const RUPEES = /^\d{1,9}$/;

/** The TDS rule (Section 194B): the rate and the threshold above which the whole prize is taxed. */
export function TdsSettingsForm() {
  const { t, i18n } = useTranslation('admin');
  const locale = currentLanguage(i18n) === 'hi' ? 'hi-IN' : 'en-IN';
  const load = useLoad(() => fetchTdsSettings(), 'tds');
  const current = load.state.status === 'ready' ? load.state.value : null;
  // What the admin typed; until then the fields show the settings in force.
  const [rateDraft, setRate] = useState<string | null>(null);
  const [thresholdDraft, setThreshold] = useState<string | null>(null);
  const rate = rateDraft ?? (current ? String(current.rateBp / 100) : '');
  const threshold = thresholdDraft ?? (current ? String(Math.round(current.thresholdPaise / 100)) : '');
  const [outcome, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const message = outcome ?? (load.state.status === 'failed' ? { ok: false, text: t('claims.tds.loadFailed') } : null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const rateOk = RATE.test(rate.trim()) && Number(rate) <= 100;
    if (!rateOk || !RUPEES.test(threshold.trim())) {
      setMessage({ ok: false, text: rateOk ? t('claims.tds.badThreshold') : t('claims.tds.badRate') });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const saved = await saveTdsSettings({
        rateBp: Math.round(Number(rate) * 100),
        thresholdPaise: Number(threshold) * 100,
      });
      load.set(saved);
      setMessage({ ok: true, text: t('claims.tds.saved') });
    } catch (error) {
      setMessage({ ok: false, text: errorMessageOf(error, t('claims.failed')) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="console-filters tds-form" onSubmit={(event) => void onSubmit(event)} aria-labelledby="tds-title">
      <div className="tds-form__intro">
        <h2 id="tds-title">{t('claims.tds.title')}</h2>
        {current && (
          <p className="muted">
            {t('claims.tds.current', {
              rate: current.rateBp / 100,
              threshold: formatInr(current.thresholdPaise, locale),
            })}
          </p>
        )}
      </div>
      <InputField
        id="tds-rate"
        label={t('claims.tds.rate')}
        required
        inputMode="decimal"
        value={rate}
        onChange={setRate}
        disabled={!current}
      />
      <InputField
        id="tds-threshold"
        label={t('claims.tds.threshold')}
        required
        inputMode="numeric"
        value={threshold}
        onChange={setThreshold}
        disabled={!current}
      />
      <button type="submit" className="button button--primary" disabled={!current || busy}>
        {t('claims.tds.save')}
      </button>
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'muted' : 'console-list__error'}>
          {message.text}
        </p>
      )}
    </form>
  );
}
