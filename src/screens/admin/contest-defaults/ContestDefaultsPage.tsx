import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type ContestDefaultsForm,
  contestDefaultsFormOf,
  contestDefaultsFormSchema,
  contestDefaultsOfForm,
  type ContestDefaultsPage as DefaultsPage,
} from '../../../../domain/admin-contests.ts';
import { fetchContestDefaultsPage, resetContestDefaults, saveContestDefaults } from '../../../api/admin-contests.ts';
import { errorMessageOf, fieldErrorsOf } from '../../../api/http.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { formatIstShort } from '../../../ui/format.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { ContestFields } from '../contests/ContestFields.tsx';
import { useContestMessage } from '../contests/messages.ts';
import { RequiredNote } from '../ui/ConsoleFields.tsx';
import { LoadFailed } from '../ui/LoadFailed.tsx';
import { OutcomeNotice } from '../ui/Notices.tsx';
import { useLoad } from '../../../shared/use-load.ts';

const SERVER_FIELD: Record<string, keyof ContestDefaultsForm> = {
  prizeValuePaise: 'prizeValueRupees',
  ticketPricePaise: 'ticketPriceRupees',
};

/**
 * Admin > Contest defaults (issue 26): what the contests the schedule makes start with (picture,
 * prize, price, limits), instead of environment values the operator edits one by one.
 */
export default function ContestDefaultsPage() {
  const { t } = useTranslation('admin');
  const { state, retry, set } = useLoad(fetchContestDefaultsPage, 'defaults');
  return (
    <section className="console-page">
      <header className="console-page__header">
        <h1>{t('contestDefaults.title')}</h1>
        <p className="muted">{t('contestDefaults.intro')}</p>
      </header>
      {state.status === 'ready' ? (
        <DefaultsForm key={state.value.updatedAt ?? 'environment'} page={state.value} onSaved={set} />
      ) : state.status === 'failed' ? (
        <LoadFailed message={errorMessageOf(state.error, t('contestDefaults.loadFailed'))} onRetry={retry} />
      ) : (
        <Spinner label={t('contestDefaults.loading')} />
      )}
    </section>
  );
}

function DefaultsForm({ page, onSaved }: { page: DefaultsPage; onSaved: (page: DefaultsPage) => void }) {
  const { t, i18n } = useTranslation('admin');
  const say = useContestMessage();
  const lng = currentLanguage(i18n);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [resetting, setResetting] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContestDefaultsForm>({
    resolver: zodResolver(contestDefaultsFormSchema),
    defaultValues: contestDefaultsFormOf(page.values),
    mode: 'onTouched',
  });

  const submit = handleSubmit(async (values) => {
    setOutcome(null);
    try {
      const next = await saveContestDefaults(contestDefaultsOfForm(values));
      onSaved(next);
      setOutcome({ ok: true, text: t('contestDefaults.saved') });
    } catch (error) {
      for (const [key, message] of Object.entries(fieldErrorsOf(error)))
        setError(SERVER_FIELD[key] ?? (key as keyof ContestDefaultsForm), { message });
      setOutcome({ ok: false, text: say(errorMessageOf(error, t('contestDefaults.failed'))) ?? '' });
    }
  });
  const reset = async () => {
    setResetting(true);
    setOutcome(null);
    try {
      onSaved(await resetContestDefaults());
    } catch (error) {
      setOutcome({ ok: false, text: errorMessageOf(error, t('contestDefaults.failed')) });
    } finally {
      setResetting(false);
    }
  };

  return (
    <form className="contest-form" onSubmit={(event) => void submit(event)} noValidate>
      <p className="console-notice">
        {page.source === 'console' && page.updatedAt
          ? t('contestDefaults.fromConsole', { when: formatIstShort(new Date(page.updatedAt), lng) })
          : t('contestDefaults.fromEnvironment')}
      </p>
      <RequiredNote />
      <ContestFields
        control={control}
        register={register}
        errors={errors}
        picture={{
          legend: t('contestDefaults.picture'),
          currentUrl: page.pictureUrl,
          lockedReason: null,
          allowNone: true,
          noneLabel: t('contestDefaults.demoPicture'),
        }}
        idPrefix="defaults"
        prizePictureUrl={page.prizePictureUrl}
      />
      {outcome && <OutcomeNotice ok={outcome.ok} text={outcome.text} />}
      <div className="contest-form__actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting || resetting}>
          {isSubmitting ? t('contestDefaults.saving') : t('contestDefaults.save')}
        </button>
        {page.source === 'console' && (
          <button
            type="button"
            className="button button--ghost"
            disabled={isSubmitting || resetting}
            onClick={() => void reset()}
          >
            {t('contestDefaults.reset')}
          </button>
        )}
      </div>
    </form>
  );
}
