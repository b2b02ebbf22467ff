import { AxiosError } from 'axios';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { fetchPictureDetail } from '../../../api/admin-pictures.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { useLoad } from '../../../shared/use-load.ts';
import { formatIstShort } from '../../../ui/format.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { ContestBallWidthForm } from './ContestBallWidthForm.tsx';
import { formatBytes, useStageLabels } from './shared.ts';

// The players' stage (PixiJS), loaded only when a preview opens.
const PictureStage = lazy(() => import('../../../stage/PictureStage.tsx').then((m) => ({ default: m.PictureStage })));

const NO_MARKS: never[] = [];
const ignore = () => undefined;

/** A page per picture id: another id starts afresh. */
export function PreviewPage() {
  const { id = '' } = useParams();
  return <PicturePreview key={id} id={id} />;
}

/** One picture on the stage the players use, zoomable past 1:1; a practice original shows its true ball. */
function PicturePreview({ id }: { id: string }) {
  const { t, i18n } = useTranslation('admin');
  const lng = currentLanguage(i18n);
  const { state: load, retry } = useLoad(() => fetchPictureDetail(id), id);
  const labels = useStageLabels();

  const detail = load.status === 'ready' ? load.value : null;
  // The true ball is drawn as the practice game's reveal draws it, on the same picture.
  const reveal = useMemo(
    () =>
      detail?.ball
        ? { picture: detail.stage, ball: detail.ball, distances: {}, bestId: null, ballWidth: detail.ballWidth }
        : null,
    [detail],
  );

  const back = (
    <Link to=".." relative="path" className="picture-preview__back">
      {t('pictures.preview.back')}
    </Link>
  );
  if (load.status === 'loading' || load.status === 'idle') return <Spinner label={t('pictures.preview.loading')} />;
  if (load.status === 'failed') {
    const notFound = load.error instanceof AxiosError && load.error.response?.status === 404;
    return (
      <div className="console-empty">
        <p role="alert">{notFound ? t('pictures.preview.notFound') : t('pictures.preview.failed')}</p>
        {!notFound && (
          <button type="button" className="button button--primary" onClick={retry}>
            {t('retry')}
          </button>
        )}
        {back}
      </div>
    );
  }
  const { picture, stage, ball } = load.value;
  return (
    <div className="picture-preview">
      {back}
      <h2 className="picture-preview__title">{t(`pictures.kinds.${picture.kind}`)}</h2>
      <p className="muted picture-preview__hint">{t('pictures.preview.hint')}</p>
      <div className="picture-preview__stage">
        <Suspense fallback={<Spinner label={t('pictures.stage.loading')} />}>
          <PictureStage
            picture={stage}
            marks={NO_MARKS}
            selectedId={null}
            onPlace={ignore}
            onSelect={ignore}
            reveal={reveal}
            disabled
            labels={labels}
          />
        </Suspense>
      </div>
      <dl className="picture-facts">
        <div>
          <dt>{t('pictures.preview.dimensions')}</dt>
          <dd>{t('pictures.preview.dimensionsValue', { width: picture.width, height: picture.height })}</dd>
        </div>
        <div>
          <dt>{t('pictures.preview.file')}</dt>
          <dd>{t('pictures.preview.fileValue', { mime: picture.mime, size: formatBytes(picture.bytes, lng) })}</dd>
        </div>
        <div>
          <dt>{t('pictures.preview.uploaded')}</dt>
          <dd>
            <time dateTime={picture.createdAt}>
              {t('pictures.preview.uploadedValue', { time: formatIstShort(new Date(picture.createdAt), lng) })}
            </time>
          </dd>
        </div>
        <div>
          <dt>{t('pictures.preview.usedBy')}</dt>
          <dd>
            {picture.usedBy.length === 0
              ? t('pictures.preview.unused')
              : picture.usedBy.map((user) => (
                  <code key={user} className="chip">
                    {user}
                  </code>
                ))}
          </dd>
        </div>
        {picture.kind === 'practice_original' && (
          <div>
            <dt>{t('pictures.preview.ball')}</dt>
            <dd>{ball ? t('pictures.preview.ballValue', { x: ball.x, y: ball.y }) : t('pictures.preview.noBall')}</dd>
          </div>
        )}
      </dl>
      {picture.kind === 'contest' && <ContestBallWidthForm pictureId={picture.id} pictureWidth={picture.width} />}
    </div>
  );
}
