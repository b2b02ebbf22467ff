import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  type AdminPracticePair,
  BALL_WIDTH_MIN,
  ballWidthFormField,
  ballWidthMax,
} from '../../../../domain/admin-pictures.ts';
import {
  fetchPracticePairs,
  reorderPracticePairs,
  setPracticePairActive,
  setPracticePairBallWidth,
} from '../../../api/admin-pictures.ts';
import { errorMessageOf, fieldErrorsOf } from '../../../api/http.ts';
import { useLoad } from '../../../shared/use-load.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { ballWidthErrorText } from './shared.ts';
import { LoadFailed } from '../ui/LoadFailed.tsx';
import { ActionError } from '../ui/Notices.tsx';

/** The practice game's pairs in play order: in or out of the game, moved up or down. */
export function PairsPage() {
  const { t } = useTranslation('admin');
  const { state: load, retry, set } = useLoad(() => fetchPracticePairs(), 'pairs');
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  const run = async (action: () => Promise<AdminPracticePair[]>) => {
    setBusy(true);
    setActionError(null);
    try {
      set(await action());
    } catch (error) {
      setActionError(
        t('pictures.pairs.actionFailed', { message: errorMessageOf(error, t('pictures.errors.UPLOAD_FAILED')) }),
      );
    } finally {
      setBusy(false);
    }
  };

  const pairs = load.status === 'ready' ? load.value : [];
  const toggle = (pair: AdminPracticePair) =>
    run(async () => {
      const updated = await setPracticePairActive(pair.id, !pair.active);
      return pairs.map((p) => (p.id === updated.id ? { ...p, active: updated.active } : p));
    });
  const move = (index: number, step: -1 | 1) =>
    run(() => {
      const ids = pairs.map((p) => p.id);
      const [moved] = ids.splice(index, 1);
      ids.splice(index + step, 0, moved!);
      return reorderPracticePairs(ids);
    });

  return (
    <div className="pairs">
      <div className="pairs__head">
        <h2>{t('pictures.pairs.title')}</h2>
        <Link to="new" className="button button--primary">
          {t('pictures.pairs.new')}
        </Link>
      </div>
      <p className="muted">{t('pictures.pairs.intro')}</p>
      <ActionError text={actionError} />
      {load.status === 'loading' || load.status === 'idle' ? (
        <Spinner label={t('pictures.pairs.loading')} />
      ) : load.status === 'failed' ? (
        <LoadFailed message={t('pictures.pairs.failed')} onRetry={retry} />
      ) : pairs.length === 0 ? (
        <p className="console-empty">{t('pictures.pairs.empty')}</p>
      ) : (
        <ol className="pair-list" aria-busy={busy}>
          {pairs.map((pair, index) => (
            <li key={pair.id} className={`pair-item${pair.active ? '' : ' pair-item--off'}`}>
              <div className="pair-item__pictures">
                <Link to={`../${pair.removed.id}`} relative="path">
                  <img
                    src={pair.removed.smallUrl}
                    alt={t('pictures.pairs.removedAlt', { n: pair.position })}
                    loading="lazy"
                  />
                </Link>
                <Link to={`../${pair.original.id}`} relative="path">
                  <img
                    src={pair.original.smallUrl}
                    alt={t('pictures.pairs.originalAlt', { n: pair.position })}
                    loading="lazy"
                  />
                </Link>
              </div>
              <div className="pair-item__body">
                <p className="pair-item__title">{t('pictures.pairs.position', { n: pair.position })}</p>
                <p className="picture-card__meta">{t('pictures.pairs.ball', { x: pair.ball.x, y: pair.ball.y })}</p>
                <p className={`picture-card__meta${pair.ballWidth === null ? ' pair-item__warning' : ''}`}>
                  {pair.ballWidth === null
                    ? t('pictures.pairs.noBallWidth')
                    : t('pictures.pairs.ballWidth', { width: pair.ballWidth })}
                </p>
                <BallWidthForm
                  key={`${pair.id}-${pair.ballWidth ?? ''}`}
                  pair={pair}
                  disabled={busy}
                  onSaved={(updated) =>
                    set(pairs.map((p) => (p.id === updated.id ? { ...p, ballWidth: updated.ballWidth } : p)))
                  }
                />
                <p className={`pair-item__state${pair.active ? ' pair-item__state--on' : ''}`}>
                  {pair.active ? t('pictures.pairs.active') : t('pictures.pairs.inactive')}
                </p>
              </div>
              <div className="pair-item__actions">
                <button
                  type="button"
                  className="button button--ghost button--small"
                  disabled={busy}
                  onClick={() => void toggle(pair)}
                >
                  {pair.active ? t('pictures.pairs.deactivate') : t('pictures.pairs.activate')}
                </button>
                <button
                  type="button"
                  className="button button--ghost button--small pair-item__move"
                  disabled={busy || index === 0}
                  aria-label={t('pictures.pairs.moveUp', { n: pair.position })}
                  title={t('pictures.pairs.moveUp', { n: pair.position })}
                  onClick={() => void move(index, -1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="button button--ghost button--small pair-item__move"
                  disabled={busy || index === pairs.length - 1}
                  aria-label={t('pictures.pairs.moveDown', { n: pair.position })}
                  title={t('pictures.pairs.moveDown', { n: pair.position })}
                  onClick={() => void move(index, 1)}
                >
                  ↓
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** Sets or corrects one pair's ball width, checked as the new-pair form checks it. */
function BallWidthForm({
  pair,
  disabled,
  onSaved,
}: {
  pair: AdminPracticePair;
  disabled: boolean;
  onSaved: (pair: AdminPracticePair) => void;
}) {
  const { t } = useTranslation('admin');
  const [value, setValue] = useState(pair.ballWidth === null ? '' : String(pair.ballWidth));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const id = `pair-width-${pair.id}`;
  const save = async () => {
    const parsed = ballWidthFormField(pair.original.width).safeParse(value.trim() === '' ? Number.NaN : Number(value));
    if (!parsed.success) {
      setError(ballWidthErrorText(t, parsed.error.issues[0]?.message, pair.original.width) ?? null);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      onSaved(await setPracticePairBallWidth(pair.id, parsed.data));
    } catch (failure) {
      setError(fieldErrorsOf(failure)['ballWidth'] ?? errorMessageOf(failure, t('pictures.errors.UPLOAD_FAILED')));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form
      className="pair-item__width"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <label className="field__label" htmlFor={id}>
        {t('pictures.pairs.ballWidthLabel', { n: pair.position })}
      </label>
      <div className="pair-item__width-row">
        <input
          id={id}
          className="field__input"
          type="number"
          inputMode="numeric"
          min={BALL_WIDTH_MIN}
          max={ballWidthMax(pair.original.width)}
          step={1}
          value={value}
          aria-invalid={error !== null}
          onChange={(event) => setValue(event.target.value)}
        />
        <button type="submit" className="button button--ghost button--small" disabled={disabled || saving}>
          {t('pictures.pairs.saveBallWidth')}
        </button>
      </div>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
