import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../../../../domain/audit.ts';
import { fetchAuditPage } from '../../../api/admin.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { formatIstShort } from '../../../ui/format.ts';
import { PagedListView } from '../ui/PagedListView.tsx';
import { usePagedList } from '../use-paged-list.ts';
import { PageHeader } from '../ui/PageHeader.tsx';
import { InputField, SelectField } from '../ui/ConsoleFields.tsx';
import { FilterBar } from '../ui/FilterBar.tsx';

/** The areas an operator filters by: each is the prefix of its actions ('contest' -> contest.update, contest.cancel). */
const AREAS = [
  'contest',
  'picture',
  'judging',
  'result',
  'claim',
  'promo',
  'press',
  'user',
  'role',
  'setting',
  'message',
  'payment',
] as const;

/** Admin > Audit log: every console action, who and when, with the thing before and after. */
export default function AuditLogPage() {
  const { t } = useTranslation('admin');
  const list = usePagedList(fetchAuditPage);
  const [area, setArea] = useState('');
  const [targetId, setTargetId] = useState('');

  return (
    <section className="console-page">
      <PageHeader title={t('audit.title')} intro={t('audit.intro')} />
      <FilterBar
        label={t('audit.filters')}
        applyLabel={t('audit.apply')}
        onApply={() => list.filter({ action: area, targetId })}
      >
        <SelectField id="audit-area" label={t('audit.area')} value={area} onChange={setArea}>
          <option value="">{t('audit.allAreas')}</option>
          {AREAS.map((a) => (
            <option key={a} value={a}>
              {t(`audit.areas.${a}`)}
            </option>
          ))}
        </SelectField>
        <InputField
          id="audit-target"
          label={t('audit.targetId')}
          value={targetId}
          onChange={setTargetId}
          spellCheck={false}
          autoComplete="off"
        />
      </FilterBar>

      <PagedListView list={list} loadingLabel={t('audit.loading')} emptyText={t('audit.empty')}>
        {(items) => (
          <ol className="audit-list">
            {items.map((entry) => (
              <AuditItem key={entry.id} entry={entry} />
            ))}
          </ol>
        )}
      </PagedListView>
    </section>
  );
}

function AuditItem({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation('admin');
  const rows = changedRows(entry.before, entry.after);
  return (
    <li className="audit-item">
      <p className="audit-item__meta">
        <time dateTime={entry.at}>
          {t('audit.at', { time: formatIstShort(new Date(entry.at), currentLanguage(i18n)) })}
        </time>
        <span aria-hidden="true"> · </span>
        <span>{entry.actorName}</span>
      </p>
      <p className="audit-item__summary">{entry.summary}</p>
      <p className="audit-item__tags">
        <code className="chip">{entry.action}</code>
        {entry.targetId && (
          <code className="chip chip--quiet" title={entry.targetId}>
            {entry.targetType} {shortId(entry.targetId)}
          </code>
        )}
      </p>
      {rows.length > 0 && (
        <details className="audit-item__changes">
          <summary>{t('audit.changes', { count: rows.length })}</summary>
          <div className="table-scroll">
            <table className="diff-table">
              <thead>
                <tr>
                  <th scope="col">{t('audit.field')}</th>
                  <th scope="col">{t('audit.before')}</th>
                  <th scope="col">{t('audit.after')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.key}>
                    <th scope="row">{row.key}</th>
                    <td>{row.before}</td>
                    <td>{row.after}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </li>
  );
}

const show = (value: unknown): string =>
  value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/** The fields that differ between before and after (top level; nested values shown as JSON). */
export function changedRows(before: unknown, after: unknown): Array<{ key: string; before: string; after: string }> {
  const b = before && typeof before === 'object' ? (before as Record<string, unknown>) : {};
  const a = after && typeof after === 'object' ? (after as Record<string, unknown>) : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys
    .map((key) => ({ key, before: show(b[key]), after: show(a[key]) }))
    .filter((row) => row.before !== row.after);
}

/** A UUID's first 8 characters are enough to tell entries apart; any other id (a setting's key) is shown whole. */
function shortId(id: string): string {
  return /^[0-9a-f]{8}-[0-9a-f-]{27}$/i.test(id) ? id.slice(0, 8) : id;
}
