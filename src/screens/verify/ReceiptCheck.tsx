import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkReceipt, type ReceiptProblem } from '../../../domain/verification.ts';

/** "Is my ticket in?": a pasted or chosen receipt checked against the contest's sealed root. */
export function ReceiptCheck({ root }: { root: string }) {
  const { t } = useTranslation('verify');
  const [text, setText] = useState('');
  const [answer, setAnswer] = useState<{ ok: boolean; problem: ReceiptProblem | 'empty' } | null>(null);
  const check = (value: string) => {
    if (!value.trim()) {
      setAnswer({ ok: false, problem: 'empty' });
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      setAnswer({ ok: false, problem: 'format' });
      return;
    }
    setAnswer(checkReceipt(parsed, root));
  };
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    void file.text().then((value) => {
      setText(value);
      check(value);
    });
  };
  return (
    <section className="card verify__section" aria-labelledby="verify-receipt">
      <h2 id="verify-receipt">{t('receipt.title')}</h2>
      <p>{t('receipt.text')}</p>
      <label className="field__label" htmlFor="verify-receipt-text">
        {t('receipt.label')}
      </label>
      <textarea
        id="verify-receipt-text"
        className="verify__receipt"
        rows={4}
        value={text}
        onChange={(event) => setText(event.target.value)}
        spellCheck={false}
      />
      <div className="verify__receipt-actions">
        <button type="button" className="button button--primary" onClick={() => check(text)}>
          {t('receipt.check')}
        </button>
        <label className="verify__file">
          {t('receipt.file')}
          <input type="file" accept="application/json,.json" onChange={onFile} />
        </label>
      </div>
      {answer && (
        <p role={answer.ok ? 'status' : 'alert'} className={answer.ok ? 'verify__receipt-ok' : 'verify__receipt-bad'}>
          {answer.ok ? t('receipt.ok') : t(`receipt.${answer.problem ?? 'format'}`)}
        </p>
      )}
    </section>
  );
}
