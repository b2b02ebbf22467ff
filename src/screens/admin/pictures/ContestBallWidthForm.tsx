import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BALL_WIDTH_MIN, ballWidthFormField, ballWidthMax } from '../../../../domain/admin-pictures.ts';
import { fetchContestBallWidth, setContestBallWidth } from '../../../api/admin-pictures.ts';
import { errorMessageOf, fieldErrorsOf } from '../../../api/http.ts';
import { useLoad } from '../../../shared/use-load.ts';
import { ballWidthErrorText } from './shared.ts';

/**
 * A contest picture's ball width: the winners' pages and My entries tell distances in it. Empty
 * until set: the default (one percent of the picture's width) stands in, and the form says so.
 */
export function ContestBallWidthForm({ pictureId, pictureWidth }: { pictureId: string; pictureWidth: number }) {
  const { t } = useTranslation('admin');
  const load = useLoad(() => fetchContestBallWidth(pictureId), pictureId);
  const width = load.state.status === 'ready' ? load.state.value : null;
  // What the admin typed; until then the field shows the width set (empty: the default stands in).
  const [draft, setValue] = useState<string | null>(null);
  const value = draft ?? (width === null || width.set === null ? '' : String(width.set));
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    let ballWidth: number | null = null;
    if (value.trim() !== '') {
      const parsed = ballWidthFormField(pictureWidth).safeParse(Number(value));
      if (!parsed.success) {
        setError(ballWidthErrorText(t, parsed.error.issues[0]?.message, pictureWidth) ?? null);
        return;
      }
      ballWidth = parsed.data;
    }
    setError(null);
    setSaved(false);
    setSaving(true);
    try {
      const updated = await setContestBallWidth(pictureId, ballWidth);
      load.set(updated);
      setValue(null);
      setSaved(true);
    } catch (failure) {
      setError(fieldErrorsOf(failure)['ballWidth'] ?? errorMessageOf(failure, t('pictures.errors.UPLOAD_FAILED')));
    } finally {
      setSaving(false);
    }
  };

  if (load.state.status === 'failed') return <p role="alert">{t('pictures.contestBallWidth.loadFailed')}</p>;
  if (!width) return null;
  return (
    <form
      className="pair-item__width"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <label className="field__label" htmlFor="contest-ball-width">
        {t('pictures.contestBallWidth.label')}
      </label>
      <p className="field__hint" id="contest-ball-width-hint">
        {t('pictures.contestBallWidth.hint', {
          min: BALL_WIDTH_MIN,
          max: ballWidthMax(pictureWidth),
          default: width.default,
        })}
      </p>
      <div className="pair-item__width-row">
        <input
          id="contest-ball-width"
          className="field__input"
          type="number"
          inputMode="numeric"
          min={BALL_WIDTH_MIN}
          max={ballWidthMax(pictureWidth)}
          step={1}
          placeholder={String(width.default)}
          value={value}
          aria-describedby="contest-ball-width-hint contest-ball-width-used"
          aria-invalid={error !== null}
          onChange={(event) => {
            setValue(event.target.value);
            setSaved(false);
          }}
        />
        <button type="submit" className="button button--ghost button--small" disabled={saving}>
          {t('pictures.contestBallWidth.save')}
        </button>
      </div>
      <p className="muted" id="contest-ball-width-used" role="status">
        {width.set === null
          ? t('pictures.contestBallWidth.usingDefault', { width: width.used })
          : t('pictures.contestBallWidth.usingSet', { width: width.used })}
        {saved && ` ${t('pictures.contestBallWidth.saved')}`}
      </p>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
