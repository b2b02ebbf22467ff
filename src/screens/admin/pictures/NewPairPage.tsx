import { zodResolver } from '@hookform/resolvers/zod';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RequiredMark } from '../../../ui/Field.tsx';
import { Link, useNavigate } from 'react-router-dom';
import {
  type AdminPicture,
  type AdminPictureKind,
  BALL_WIDTH_MIN,
  type BallForm,
  ballFormSchema,
  ballWidthMax,
} from '../../../../domain/admin-pictures.ts';
import type { StageMark } from '../../../stage/PictureStage.tsx';
import { createPracticePair, fetchPictureDetail, fetchPicturesPage } from '../../../api/admin-pictures.ts';
import { errorMessageOf, fieldErrorsOf } from '../../../api/http.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { useLoad } from '../../../shared/use-load.ts';
import { formatIstShort } from '../../../ui/format.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { usePagedList } from '../use-paged-list.ts';
import { ballWidthErrorText, useStageLabels } from './shared.ts';
import { PagedListFooter } from '../ui/PagedListView.tsx';
import { pressKeepsFocus } from '../../../ui/form/SubmitButton.tsx';

const PictureStage = lazy(() => import('../../../stage/PictureStage.tsx').then((m) => ({ default: m.PictureStage })));

const BALL_ID = 'ball';
type FormValues = BallForm;

/** A new practice pair: the ball-removed picture, its original, and the true ball marked on the original. */
export function NewPairPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [removed, setRemoved] = useState<AdminPicture | null>(null);
  const [original, setOriginal] = useState<AdminPicture | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);

  // The limits follow the chosen original.
  const width = original?.width ?? 1;
  const height = original?.height ?? 1;
  const resolver = useMemo(() => zodResolver(ballFormSchema({ width, height })), [width, height]);
  const {
    register,
    handleSubmit,
    setValue,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver,
    defaultValues: { x: Number.NaN, y: Number.NaN, ballWidth: Number.NaN, active: true },
  });

  const x = useWatch({ control, name: 'x' });
  const y = useWatch({ control, name: 'y' });
  const marked = Number.isInteger(x) && Number.isInteger(y);
  const px = marked ? x : null;
  const py = marked ? y : null;
  const marks = useMemo(
    () => [
      {
        id: BALL_ID,
        label: t('pictures.stage.ballLabel'),
        point: px !== null && py !== null ? { x: px, y: py } : null,
      },
    ],
    [t, px, py],
  );

  const onPlace = (p: { x: number; y: number }) => {
    setValue('x', p.x, { shouldValidate: true });
    setValue('y', p.y, { shouldValidate: true });
  };

  const onSubmit = async (values: BallForm) => {
    setServerError(null);
    if (!removed || !original) {
      setPickError(!removed ? t('pictures.newPair.needRemoved') : t('pictures.newPair.needOriginal'));
      return;
    }
    try {
      await createPracticePair({
        removedPictureId: removed.id,
        originalPictureId: original.id,
        ball: { x: values.x, y: values.y },
        ballWidth: values.ballWidth,
        active: values.active,
      });
      navigate('..', { relative: 'path' });
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields['ball']) setError('x', { message: fields['ball'] });
      if (fields['ballWidth']) setError('ballWidth', { message: fields['ballWidth'] });
      setServerError(errorMessageOf(error, t('pictures.errors.UPLOAD_FAILED')));
    }
  };

  const fieldError = (message: string | undefined) =>
    message === 'needBall' || message === 'outside'
      ? t(`pictures.newPair.${message}`, { maxX: width - 1, maxY: height - 1 })
      : message;
  const ballWidthError = ballWidthErrorText(t, errors.ballWidth?.message, width);
  const xError = fieldError(errors.x?.message);
  const yError = fieldError(errors.y?.message);

  return (
    <form className="new-pair" onSubmit={(e) => void handleSubmit(onSubmit)(e)} noValidate>
      <h2>{t('pictures.newPair.title')}</h2>
      <p className="muted">{t('pictures.newPair.intro')}</p>

      <fieldset className="new-pair__step">
        <legend>{t('pictures.newPair.removed')}</legend>
        <PicturePicker
          kind="practice_removed"
          selected={removed}
          onPick={(picture) => {
            setRemoved(picture);
            setPickError(null);
            if (original && (original.width !== picture.width || original.height !== picture.height)) setOriginal(null);
          }}
        />
      </fieldset>

      <fieldset className="new-pair__step">
        <legend>{t('pictures.newPair.original')}</legend>
        <p className="field__hint">{t('pictures.newPair.originalHint')}</p>
        <PicturePicker
          kind="practice_original"
          selected={original}
          sameSizeAs={removed}
          onPick={(picture) => {
            setOriginal(picture);
            setPickError(null);
          }}
        />
      </fieldset>

      <fieldset className="new-pair__step">
        <legend>{t('pictures.newPair.ball')}</legend>
        {!original ? (
          <p className="muted">{t('pictures.newPair.pickOriginalFirst')}</p>
        ) : (
          <>
            <p className="field__hint">{t('pictures.newPair.ballHint')}</p>
            <BallStage key={original.id} pictureId={original.id} marks={marks} onPlace={onPlace} />
            <div className="new-pair__coords">
              <div className="field">
                <span className="field__label-row">
                  <label className="field__label" htmlFor="pair-x">
                    {t('pictures.newPair.x', { max: original.width - 1 })}
                  </label>
                  <RequiredMark />
                </span>
                <input
                  id="pair-x"
                  required
                  className="field__input"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={original.width - 1}
                  step={1}
                  aria-invalid={Boolean(xError)}
                  {...register('x', { valueAsNumber: true })}
                />
                {xError && (
                  <p className="field__error" role="alert">
                    {xError}
                  </p>
                )}
              </div>
              <div className="field">
                <span className="field__label-row">
                  <label className="field__label" htmlFor="pair-y">
                    {t('pictures.newPair.y', { max: original.height - 1 })}
                  </label>
                  <RequiredMark />
                </span>
                <input
                  id="pair-y"
                  required
                  className="field__input"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={original.height - 1}
                  step={1}
                  aria-invalid={Boolean(yError)}
                  {...register('y', { valueAsNumber: true })}
                />
                {yError && yError !== xError && (
                  <p className="field__error" role="alert">
                    {yError}
                  </p>
                )}
              </div>
            </div>
            <div className="field new-pair__width">
              <span className="field__label-row">
                <label className="field__label" htmlFor="pair-ball-width">
                  {t('pictures.newPair.ballWidth')}
                </label>
                <RequiredMark />
              </span>
              <p className="field__hint" id="pair-ball-width-hint">
                {t('pictures.newPair.ballWidthHint', { min: BALL_WIDTH_MIN, max: ballWidthMax(original.width) })}
              </p>
              <input
                id="pair-ball-width"
                required
                className="field__input"
                type="number"
                inputMode="numeric"
                min={BALL_WIDTH_MIN}
                max={ballWidthMax(original.width)}
                step={1}
                aria-describedby="pair-ball-width-hint"
                aria-invalid={Boolean(ballWidthError)}
                {...register('ballWidth', { valueAsNumber: true })}
              />
              {ballWidthError && (
                <p className="field__error" role="alert">
                  {ballWidthError}
                </p>
              )}
            </div>
          </>
        )}
        <label className="new-pair__check">
          <input type="checkbox" {...register('active')} /> {t('pictures.newPair.active')}
        </label>
      </fieldset>

      {(pickError ?? serverError) && (
        <p className="field__error new-pair__error" role="alert">
          {pickError ?? serverError}
        </p>
      )}
      <div className="new-pair__actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting} {...pressKeepsFocus}>
          {isSubmitting ? t('pictures.newPair.saving') : t('pictures.newPair.save')}
        </button>
        <Link to=".." relative="path" className="button button--ghost">
          {t('pictures.newPair.cancel')}
        </Link>
      </div>
    </form>
  );
}

/** The chosen original on the players' stage, where a click or tap marks the ball. */
function BallStage({
  pictureId,
  marks,
  onPlace,
}: {
  pictureId: string;
  marks: StageMark[];
  onPlace: (point: { x: number; y: number }) => void;
}) {
  const { t } = useTranslation('admin');
  const labels = useStageLabels();
  const { state: load } = useLoad(async () => (await fetchPictureDetail(pictureId)).stage, pictureId);
  return (
    <div className="picture-preview__stage">
      {load.status === 'failed' ? (
        <p role="alert" className="picture-preview__stage-error">
          {t('pictures.preview.failed')}
        </p>
      ) : load.status === 'ready' ? (
        <Suspense fallback={<Spinner label={t('pictures.stage.loading')} />}>
          <PictureStage
            picture={load.value}
            marks={marks}
            selectedId={BALL_ID}
            onPlace={onPlace}
            onSelect={ignore}
            labels={labels}
          />
        </Suspense>
      ) : (
        <Spinner label={t('pictures.stage.loading')} />
      )}
    </div>
  );
}

const ignore = () => undefined;

/** A grid of one kind's pictures to choose from, a page at a time. */
function PicturePicker({
  kind,
  selected,
  sameSizeAs = null,
  onPick,
}: {
  kind: AdminPictureKind;
  selected: AdminPicture | null;
  sameSizeAs?: AdminPicture | null;
  onPick: (picture: AdminPicture) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const lng = currentLanguage(i18n);
  const list = usePagedList(fetchPicturesPage, { kind });
  if (list.loading) return <Spinner label={t('pictures.loading')} />;
  if (list.failed) {
    return (
      <div>
        <p role="alert">{t('list.failed')}</p>
        <button type="button" className="button button--ghost button--small" onClick={list.retry}>
          {t('retry')}
        </button>
      </div>
    );
  }
  if (list.items.length === 0) return <p className="muted">{t('pictures.newPair.none')}</p>;
  return (
    <>
      <ul className="picture-picker">
        {list.items.map((picture) => {
          const otherSize =
            sameSizeAs !== null && (sameSizeAs.width !== picture.width || sameSizeAs.height !== picture.height);
          const chosen = selected?.id === picture.id;
          return (
            <li key={picture.id}>
              <button
                type="button"
                className={`picture-picker__item${chosen ? ' picture-picker__item--chosen' : ''}`}
                aria-pressed={chosen}
                disabled={otherSize}
                aria-label={t('pictures.newPair.choose', {
                  kind: t(`pictures.kinds.${kind}`),
                  width: picture.width,
                  height: picture.height,
                  time: formatIstShort(new Date(picture.createdAt), lng),
                })}
                onClick={() => onPick(picture)}
              >
                <img src={picture.smallUrl} alt="" loading="lazy" />
                <span className="picture-picker__size">
                  {otherSize ? t('pictures.newPair.otherSize') : `${picture.width} × ${picture.height}`}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <PagedListFooter list={list} />
    </>
  );
}
