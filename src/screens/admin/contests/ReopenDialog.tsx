import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  type AdminContest,
  CONTEST_ADMIN_MESSAGES,
  CONTEST_FIELD_MESSAGES,
  instantOfIstInput,
  istInputOf,
} from '../../../../domain/admin-contests.ts';
import { userReasonSchema } from '../../../../domain/admin-users.ts';
import { reopenContest } from '../../../api/admin-contests.ts';
import { errorMessageOf } from '../../../api/http.ts';
import { TextField } from '../../../ui/Field.tsx';
import { useNow } from '../../../ui/use-now.ts';
import { ReasonDialogFrame } from '../ReasonDialog.tsx';
import { useContestMessage } from './messages.ts';

/** The close minute as typed takes entries through its last millisecond, like the schedule's closes. */
const closeOf = (value: string) => {
  const at = instantOfIstInput(value);
  return at ? at.getTime() + 59_999 : null;
};

const formSchema = userReasonSchema.extend({
  closesAt: z.string().refine((v) => instantOfIstInput(v) !== null, CONTEST_FIELD_MESSAGES.pickDate),
});
type ReopenForm = z.infer<typeof formSchema>;

/** Reopen: a new close (offered: the one Close now replaced, while it is ahead) and a reason for the audit log. */
export function ReopenDialog({
  contest,
  onDone,
  onCancel,
}: {
  contest: AdminContest;
  onDone: (contest: AdminContest) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const say = useContestMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const now = useNow(15_000).getTime();
  const offered = contest.closedEarlyFrom && Date.parse(contest.closedEarlyFrom) > now ? contest.closedEarlyFrom : null;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ReopenForm>({
    resolver: zodResolver(formSchema),
    defaultValues: { reason: '', closesAt: offered ? istInputOf(offered) : '' },
  });

  const submit = handleSubmit(async ({ reason, closesAt }) => {
    setFailure(null);
    const at = closeOf(closesAt)!;
    if (at <= now || at > Date.parse(contest.showAt)) {
      setError('closesAt', { message: CONTEST_ADMIN_MESSAGES.reopenClose });
      return;
    }
    try {
      onDone(await reopenContest(contest.id, reason.trim(), new Date(at).toISOString()));
    } catch (error) {
      setFailure(errorMessageOf(error, t('ops.actionFailed')));
    }
  });

  return (
    <ReasonDialogFrame
      open
      title={t('contests.reopen.title', { slot: contest.slot })}
      text={t('contests.reopen.text')}
      confirmLabel={t('contests.reopen.confirm')}
      reasonField={register('reason')}
      reasonError={errors.reason}
      failure={say(failure ?? undefined)}
      isSubmitting={isSubmitting}
      onSubmit={submit}
      onClose={() => !isSubmitting && onCancel()}
    >
      {contest.sealed && <p className="contest-lock">{t('contests.reopen.sealText')}</p>}
      <TextField
        label={t('contests.reopen.closesAt')}
        type="datetime-local"
        required
        error={say(errors.closesAt?.message)}
        {...register('closesAt')}
      />
    </ReasonDialogFrame>
  );
}
