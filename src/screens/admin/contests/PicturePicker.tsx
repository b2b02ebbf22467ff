import { useTranslation } from 'react-i18next';
import type { AdminPicture } from '../../../../domain/admin-pictures.ts';
import { fetchPictures } from '../../../api/admin-contests.ts';
import { useLoad } from '../../../shared/use-load.ts';
import { RequiredMark } from '../../../ui/Field.tsx';

interface PicturePickerProps {
  kind: 'contest' | 'prize' | 'sponsor';
  legend: string;
  value: string;
  onChange: (id: string) => void;
  /** The chosen picture's small copy, shown while the list loads and when locked. */
  currentUrl: string | null;
  /** Why it can no longer change; null: it can. */
  lockedReason: string | null;
  /** Offer "none" (the prize photo is optional); its label. */
  allowNone?: boolean;
  noneLabel?: string;
  required?: boolean;
  error?: string | undefined;
}

type Pictures = { items: AdminPicture[]; nextCursor: string | null; more: boolean };

/** Picks one uploaded photo of a kind (GET /admin/pictures?kind=...), as radio buttons with thumbnails. */
export function PicturePicker({
  kind,
  legend,
  value,
  onChange,
  currentUrl,
  lockedReason,
  allowNone = false,
  noneLabel,
  required = false,
  error,
}: PicturePickerProps) {
  const { t } = useTranslation('admin');
  const locked = lockedReason !== null;
  const {
    state: load,
    reload,
    update,
  } = useLoad<Pictures>(
    async () => {
      const page = await fetchPictures(kind, null);
      return { items: page.items, nextCursor: page.nextCursor, more: false };
    },
    locked ? null : kind,
  );

  const more = async () => {
    if (load.status !== 'ready' || !load.value.nextCursor) return;
    const cursor = load.value.nextCursor;
    update((pictures) => ({ ...pictures, more: true }));
    try {
      const page = await fetchPictures(kind, cursor);
      update((pictures) => ({ items: [...pictures.items, ...page.items], nextCursor: page.nextCursor, more: false }));
    } catch {
      update((pictures) => ({ ...pictures, more: false }));
    }
  };

  const name = `picture-${kind}`;
  return (
    <fieldset
      className={`picture-picker picture-picker--${kind}`}
      aria-describedby={error ? `${name}-error` : undefined}
    >
      <legend className="field__label">
        {legend}
        {required && <RequiredMark />}
      </legend>
      {locked ? (
        <>
          {currentUrl ? (
            <img
              className="picture-picker__current"
              src={currentUrl}
              alt={t('contests.pictures.current')}
              loading="lazy"
              width={160}
              height={100}
            />
          ) : (
            <p className="muted">{value || t('contests.pictures.none')}</p>
          )}
          <p className="contest-lock" role="note">
            {lockedReason}
          </p>
        </>
      ) : load.status === 'failed' ? (
        <div>
          {currentUrl && (
            <img
              className="picture-picker__current"
              src={currentUrl}
              alt={t('contests.pictures.current')}
              loading="lazy"
              width={160}
              height={100}
            />
          )}
          <p role="alert" className="console-list__error">
            {t('contests.pictures.failed')}
          </p>
          <button type="button" className="button button--ghost button--small" onClick={reload}>
            {t('retry')}
          </button>
        </div>
      ) : load.status !== 'ready' ? (
        <p className="muted">{t('contests.pictures.loading')}</p>
      ) : (
        <>
          {load.value.items.length === 0 && !allowNone && (
            <p className="muted">
              {t(
                kind === 'contest'
                  ? 'contests.pictures.emptyContest'
                  : kind === 'sponsor'
                    ? 'contests.pictures.emptySponsor'
                    : 'contests.pictures.emptyPrize',
              )}
            </p>
          )}
          <ul className="picture-picker__grid">
            {allowNone && (
              <li>
                <label className="picture-picker__option">
                  <input type="radio" name={name} checked={value === ''} onChange={() => onChange('')} />
                  <span className="picture-picker__none">{noneLabel ?? t('contests.pictures.noPrizePhoto')}</span>
                </label>
              </li>
            )}
            {load.value.items.map((picture) => (
              <li key={picture.id}>
                <label className="picture-picker__option">
                  <input
                    type="radio"
                    name={name}
                    checked={value === picture.id}
                    onChange={() => onChange(picture.id)}
                  />
                  {picture.smallUrl ? (
                    <img
                      src={picture.smallUrl}
                      alt={t('contests.pictures.alt', { width: picture.width, height: picture.height })}
                      loading="lazy"
                      width={160}
                      height={100}
                    />
                  ) : (
                    <span className="picture-picker__none">{t('contests.pictures.noPreview')}</span>
                  )}
                  <span className="picture-picker__size">
                    {picture.width} × {picture.height}
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {load.value.nextCursor && (
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => void more()}
              disabled={load.value.more}
            >
              {load.value.more ? t('list.loadingMore') : t('list.more')}
            </button>
          )}
        </>
      )}
      {error && (
        <p id={`${name}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
