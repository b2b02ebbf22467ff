import { useMachine } from '@xstate/react';
import { type ChangeEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequiredMark } from '../../../ui/Field.tsx';
import { Link } from 'react-router-dom';
import {
  ADMIN_PICTURE_KINDS,
  type AdminPicture,
  type AdminPictureKind,
  GAME_PICTURE_KINDS,
  GAME_PICTURE_MIN_SIDE,
  PICTURE_UPLOAD_MIMES,
} from '../../../../domain/admin-pictures.ts';
import { formatCount } from '../../../ui/format.ts';
import type { UploadError } from '../../../../machines/picture-upload.machine.ts';
import { pictureUploadMachineFor } from '../../../actors/picture-upload.actors.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { formatBytes } from './shared.ts';

const KNOWN_ERRORS = new Set([
  'PICTURE_WRONG_TYPE',
  'INVALID_PICTURE',
  'PICTURE_TOO_LARGE',
  'PICTURE_TOO_WIDE',
  'PICTURE_TOO_MANY_PIXELS',
  'PICTURE_EMPTY',
  'UPLOAD_INTERRUPTED',
  'VALIDATION_FAILED',
  'NETWORK',
  'UPLOAD_FAILED',
]);

/**
 * Choose what the picture is for and a file: it goes at once, with a progress bar and a cancel
 * button. The file is checked here first (type, size) so a wrong one never travels.
 */
export function UploadPanel({
  defaultKind,
  onUploaded,
}: {
  defaultKind: AdminPictureKind;
  onUploaded: (picture: AdminPicture) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const lng = currentLanguage(i18n);
  const id = useId();
  // The library's filter suggests the kind until the person picks one here.
  const [chosenKind, setKind] = useState<AdminPictureKind | null>(null);
  const kind = chosenKind ?? defaultKind;
  const fileRef = useRef<HTMLInputElement>(null);
  const machine = useMemo(() => pictureUploadMachineFor(), []);
  const [snapshot, send] = useMachine(machine);
  const { file, loaded, total, error, picture } = snapshot.context;
  const uploading = snapshot.matches('uploading');

  const uploadedRef = useRef<AdminPicture | null>(null);
  useEffect(() => {
    if (picture && uploadedRef.current !== picture) {
      uploadedRef.current = picture;
      onUploaded(picture);
    }
  }, [picture, onUploaded]);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // Cleared at once, so choosing the same file again (after a cancel) starts again.
    event.target.value = '';
    if (!chosen) return;
    send({
      type: 'upload.start',
      kind,
      file: { name: chosen.name, size: chosen.size, type: chosen.type, body: chosen },
    });
  };

  const percent = total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : 0;
  const errorText = (e: UploadError) =>
    KNOWN_ERRORS.has(e.code)
      ? t(`pictures.errors.${e.code}` as 'pictures.errors.UPLOAD_FAILED')
      : (e.message ?? t('pictures.errors.UPLOAD_FAILED'));

  return (
    <div className="picture-upload">
      <h2 className="picture-upload__title">{t('pictures.upload.title')}</h2>
      <div className="picture-upload__fields">
        <div className="field">
          <span className="field__label-row">
            <label className="field__label" htmlFor={`${id}-kind`}>
              {t('pictures.upload.kind')}
            </label>
            <RequiredMark />
          </span>
          <select
            id={`${id}-kind`}
            className="field__input"
            value={kind}
            disabled={uploading}
            onChange={(e) => setKind(e.target.value as AdminPictureKind)}
          >
            {ADMIN_PICTURE_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`pictures.kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <span className="field__label-row">
            <label className="field__label" htmlFor={`${id}-file`}>
              {t('pictures.upload.file')}
            </label>
            <RequiredMark />
          </span>
          <input
            ref={fileRef}
            required
            id={`${id}-file`}
            className="field__input picture-upload__file"
            type="file"
            accept={PICTURE_UPLOAD_MIMES.join(',')}
            disabled={uploading}
            aria-describedby={`${id}-hint`}
            onChange={onFile}
          />
          <p className="field__hint" id={`${id}-hint`}>
            {t('pictures.upload.fileHint')}
          </p>
        </div>
      </div>

      <div className="picture-upload__status" aria-live="polite">
        {uploading && file && (
          <div className="picture-upload__progress">
            <label htmlFor={`${id}-progress`} className="picture-upload__name">
              {t('pictures.upload.progress', { name: file.name })}
            </label>
            <progress id={`${id}-progress`} max={100} value={percent} />
            <p className="picture-upload__numbers">
              {loaded >= total && total > 0
                ? t('pictures.upload.processing')
                : t('pictures.upload.percent', {
                    percent,
                    loaded: formatBytes(loaded, lng),
                    total: formatBytes(total, lng),
                  })}
            </p>
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => send({ type: 'upload.cancel' })}
            >
              {t('pictures.upload.cancel')}
            </button>
          </div>
        )}
        {snapshot.matches('done') && picture && file && (
          <div className="picture-upload__result picture-upload__result--done">
            <p>{t('pictures.upload.done', { name: file.name, width: picture.width, height: picture.height })}</p>
            {GAME_PICTURE_KINDS.has(picture.kind) &&
              Math.max(picture.width, picture.height) < GAME_PICTURE_MIN_SIDE && (
                <p className="picture-upload__warning" role="status">
                  {t('pictures.upload.small', { min: formatCount(GAME_PICTURE_MIN_SIDE) })}
                </p>
              )}
            <Link to={picture.id} className="button button--primary button--small">
              {t('pictures.upload.preview')}
            </Link>
          </div>
        )}
        {snapshot.matches('failed') && error && (
          <div className="picture-upload__result picture-upload__result--failed" role="alert">
            <p className="picture-upload__failed">{t('pictures.upload.failed', { name: file?.name ?? '' })}</p>
            <p>{errorText(error)}</p>
          </div>
        )}
        {snapshot.matches('cancelled') && file && (
          <div className="picture-upload__result">
            <p>{t('pictures.upload.cancelled', { name: file.name })}</p>
          </div>
        )}
      </div>
    </div>
  );
}
