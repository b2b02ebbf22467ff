import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import {
  ADMIN_PICTURE_KINDS,
  type AdminPicture,
  type AdminPictureKind,
  adminPictureKindSchema,
} from '../../../../domain/admin-pictures.ts';
import { fetchPicturesPage } from '../../../api/admin-pictures.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { formatIstShort } from '../../../ui/format.ts';
import { PagedListView } from '../ui/PagedListView.tsx';
import { usePagedList } from '../use-paged-list.ts';
import { formatBytes } from './shared.ts';
import { UploadPanel } from './UploadPanel.tsx';
import { SelectField } from '../ui/ConsoleFields.tsx';

/** The library: upload, then every picture of a kind as a grid of thumbnails, newest first. */
export function LibraryPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const parsed = adminPictureKindSchema.safeParse(params.get('kind'));
  const kind: AdminPictureKind | '' = parsed.success ? parsed.data : '';
  const list = usePagedList(fetchPicturesPage, kind ? { kind } : {});
  const { refresh } = list;
  const onUploaded = useCallback(() => refresh(), [refresh]);

  const onKind = (value: string) => {
    setParams(value ? { kind: value } : {}, { replace: true });
    list.filter({ kind: value });
  };

  return (
    <>
      <UploadPanel defaultKind={kind || 'contest'} onUploaded={onUploaded} />
      <div className="pictures-toolbar">
        <SelectField id="pictures-kind" label={t('pictures.kindFilter')} value={kind} onChange={onKind}>
          <option value="">{t('pictures.allKinds')}</option>
          {ADMIN_PICTURE_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`pictures.kinds.${k}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <PagedListView list={list} loadingLabel={t('pictures.loading')} emptyText={t('pictures.empty')}>
        {(items) => (
          <ul className="picture-grid">
            {items.map((picture) => (
              <PictureCard key={picture.id} picture={picture} />
            ))}
          </ul>
        )}
      </PagedListView>
    </>
  );
}

function PictureCard({ picture }: { picture: AdminPicture }) {
  const { t, i18n } = useTranslation('admin');
  const lng = currentLanguage(i18n);
  const kindName = t(`pictures.kinds.${picture.kind}`);
  const time = formatIstShort(new Date(picture.createdAt), lng);
  return (
    <li className="picture-card">
      <Link
        to={picture.id}
        className="picture-card__thumb"
        aria-label={t('pictures.card.open', { kind: kindName, width: picture.width, height: picture.height, time })}
      >
        <img src={picture.smallUrl} alt="" loading="lazy" decoding="async" />
      </Link>
      <div className="picture-card__body">
        <p className="picture-card__kind">{kindName}</p>
        <p className="picture-card__meta">
          {t('pictures.card.size', {
            width: picture.width,
            height: picture.height,
            size: formatBytes(picture.bytes, lng),
          })}
        </p>
        <p className="picture-card__meta">
          <time dateTime={picture.createdAt}>{t('audit.at', { time })}</time>
        </p>
        {picture.usedBy.length === 0 ? (
          <p className="picture-card__meta muted">{t('pictures.card.unused')}</p>
        ) : (
          <p className="picture-card__used">
            <span className="visually-hidden">{t('pictures.card.usedBy')}: </span>
            {picture.usedBy.map((user) => (
              <code key={user} className="chip" title={user}>
                {user.length > 12 ? user.slice(0, 8) : user}
              </code>
            ))}
          </p>
        )}
      </div>
    </li>
  );
}
