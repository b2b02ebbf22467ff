import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../shared/paths.ts';
import { StatusChip } from '../ui/StatusChip.tsx';

export const base = `${paths.admin}/press`;

export function PublishedChip({ published }: { published: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <StatusChip
      tone={published ? 'active' : 'inactive'}
      label={t(published ? 'ops.press.published' : 'ops.press.draft')}
    />
  );
}

export function BackToList() {
  const { t } = useTranslation('admin');
  return (
    <Link to={base} className="console-back">
      {t('ops.press.back')}
    </Link>
  );
}
