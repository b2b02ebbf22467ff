import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes } from 'react-router-dom';
import { fetchPromoPage } from '../../../api/admin-promos.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { formatIstShort } from '../../../ui/format.ts';
import { SelectField } from '../ui/ConsoleFields.tsx';
import { FilterBar } from '../ui/FilterBar.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { PagedListView } from '../ui/PagedListView.tsx';
import { usePagedList } from '../use-paged-list.ts';
import { NewPromo } from './NewPromo.tsx';
import { base, PromoStatus, useDiscount } from './promo-shared.tsx';
import { EditPromo } from './PromoEditor.tsx';

/** Admin > Promo codes: the list with usage, a new code, a code's limits and dates. */
export default function PromosPage() {
  return (
    <Routes>
      <Route index element={<PromoList />} />
      <Route path="new" element={<NewPromo />} />
      <Route path=":code" element={<EditPromo />} />
    </Routes>
  );
}

function PromoList() {
  const { t, i18n } = useTranslation('admin');
  const list = usePagedList(fetchPromoPage);
  const [status, setStatus] = useState('');
  const discount = useDiscount();
  const at = (ms: number) => formatIstShort(new Date(ms), currentLanguage(i18n));

  return (
    <section className="console-page">
      <PageHeader title={t('ops.promos.title')} intro={t('ops.promos.intro')} />
      <p>
        <Link to={`${base}/new`} className="button button--primary">
          {t('ops.promos.new')}
        </Link>
      </p>
      <FilterBar label={t('ops.promos.filters')} applyLabel={t('audit.apply')} onApply={() => list.filter({ status })}>
        <SelectField id="promo-status" label={t('ops.promos.show')} value={status} onChange={setStatus}>
          <option value="">{t('ops.promos.all')}</option>
          <option value="active">{t('ops.promos.activeOnly')}</option>
          <option value="inactive">{t('ops.promos.inactiveOnly')}</option>
        </SelectField>
      </FilterBar>
      <PagedListView list={list} loadingLabel={t('ops.promos.loading')} emptyText={t('ops.promos.empty')}>
        {(items) => (
          <ul className="console-cards" aria-label={t('ops.promos.title')}>
            {items.map((p) => (
              <li key={p.code} className="console-card">
                <Link to={`${base}/${encodeURIComponent(p.code)}`} className="console-card__title">
                  <code>{p.code}</code>
                </Link>
                <p className="console-card__meta">{discount(p)}</p>
                <p className="console-card__meta">
                  {t('ops.promos.valid', { from: at(p.validFrom), until: at(p.validUntil) })}
                </p>
                <p className="console-card__meta">
                  {p.maxUses === null
                    ? t('ops.promos.usesNoLimit', { uses: p.uses })
                    : t('ops.promos.usesOf', { uses: p.uses, max: p.maxUses })}
                  {p.maxUsesPerUser !== null && ` · ${t('ops.promos.perPerson', { max: p.maxUsesPerUser })}`}
                </p>
                <p className="console-card__tags">
                  <PromoStatus active={p.isActive} />
                </p>
              </li>
            ))}
          </ul>
        )}
      </PagedListView>
    </section>
  );
}
