import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type AdminContest,
  type ContestForm as ContestFormValues,
  contestFormSchema,
  contestInputOfForm,
  istInputOf,
  type LockedField,
  type OverlapDetails,
} from '../../../../domain/admin-contests.ts';
import { createContest, updateContest } from '../../../api/admin-contests.ts';
import { apiErrorOf, errorMessageOf, fieldErrorsOf } from '../../../api/http.ts';
import { TextField } from '../../../ui/Field.tsx';
import { RequiredNote } from '../ui/ConsoleFields.tsx';
import { ContestFields } from './ContestFields.tsx';
import { OverlapNotice, overlapOf, SponsorFieldset } from './ContestFormParts.tsx';
import { useContestMessage } from './messages.ts';
import { pressKeepsFocus } from '../../../ui/form/SubmitButton.tsx';

interface ContestFormProps {
  /** The contest edited; absent for a new one. */
  contest?: AdminContest;
  defaultValues: ContestFormValues;
  onSaved: (contest: AdminContest) => void;
  onClose: () => void;
}

const FORM_FIELDS = new Set(Object.keys(contestFormSchema.shape));
const SERVER_FIELD: Record<string, keyof ContestFormValues> = {
  prizeValuePaise: 'prizeValueRupees',
  ticketPricePaise: 'ticketPriceRupees',
  answerPoint: 'answerX',
  'sponsor.name': 'sponsorName',
  'sponsor.url': 'sponsorUrl',
  'sponsor.pictureId': 'sponsorPictureId',
};

/**
 * Create or edit a contest. Fields the server would refuse to change (price, picture and window
 * once tickets are taken) are shown read-only with the reason; the server checks again.
 */
export function ContestForm({ contest, defaultValues, onSaved, onClose }: ContestFormProps) {
  const { t } = useTranslation('admin');
  const say = useContestMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const [overlap, setOverlap] = useState<{ other: OverlapDetails; held: boolean } | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContestFormValues>({ resolver: zodResolver(contestFormSchema), defaultValues, mode: 'onTouched' });
  const heading = useRef<HTMLHeadingElement>(null);
  // The form replaces the list: bring the reader (and the screen reader) to its top.
  useEffect(() => heading.current?.focus(), []);
  const lockedFields = contest?.lockedFields ?? [];
  const lockReason = contest?.lockReason ?? null;
  const isLocked = (field: LockedField) => lockedFields.includes(field);
  // The sealed answer's commitment is public from the opening: who decides is fixed from then.
  const decisionLocked = contest !== undefined && contest.state !== 'upcoming';
  const decidedBy = useWatch({ control, name: 'decidedBy' });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setOverlap(null);
    try {
      const input = contestInputOfForm(values);
      if (contest) {
        // Times the admin left as shown keep their exact instant (the inputs show whole minutes).
        if (values.opensAt === istInputOf(contest.opensAt)) input.opensAt = contest.opensAt;
        if (values.closesAt === istInputOf(contest.closesAt)) input.closesAt = contest.closesAt;
        if (values.showAt === istInputOf(contest.showAt)) input.showAt = contest.showAt;
      }
      onSaved(contest ? await updateContest(contest.id, input) : await createContest(input));
    } catch (error) {
      const fields = fieldErrorsOf(error);
      for (const [key, message] of Object.entries(fields)) {
        const field = SERVER_FIELD[key] ?? key;
        if (FORM_FIELDS.has(field)) setError(field as keyof ContestFormValues, { message });
      }
      const refusal = apiErrorOf(error);
      const held = refusal.code === 'CONTEST_WINDOW_HELD';
      const other = refusal.code === 'CONTEST_WINDOW_OVERLAP' || held ? overlapOf(refusal.details) : null;
      if (other) setOverlap({ other, held });
      else setFailure(errorMessageOf(error, t('contests.form.failed')));
    }
  });

  const lockNote = (field: LockedField) =>
    isLocked(field) ? (
      <p className="contest-lock" role="note">
        {t('contests.form.locked')}: {say(lockReason ?? undefined)}
      </p>
    ) : null;

  return (
    <form
      className="contest-form"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-labelledby="contest-form-title"
    >
      <h2 id="contest-form-title" ref={heading} tabIndex={-1}>
        {contest ? t('contests.form.editTitle', { slot: contest.slot }) : t('contests.form.newTitle')}
      </h2>
      <RequiredNote />
      {lockReason && (
        <p className="contest-lock contest-lock--banner" role="note">
          {say(lockReason)}
        </p>
      )}

      <fieldset className="contest-form__group">
        <legend>{t('contests.form.window')}</legend>
        <p className="muted">{t('contests.form.windowHint')}</p>
        <div className="contest-form__row">
          <TextField
            label={t('contests.form.opensAt')}
            type="datetime-local"
            required
            readOnly={isLocked('window')}
            error={say(errors.opensAt?.message)}
            {...register('opensAt')}
          />
          <TextField
            label={t('contests.form.closesAt')}
            type="datetime-local"
            required
            readOnly={isLocked('window')}
            error={say(errors.closesAt?.message)}
            {...register('closesAt')}
          />
          <TextField
            label={t('contests.form.showAt')}
            type="datetime-local"
            required
            readOnly={isLocked('window')}
            error={say(errors.showAt?.message)}
            {...register('showAt')}
          />
        </div>
        {lockNote('window')}
      </fieldset>

      <ContestFields
        control={control}
        register={register}
        errors={errors}
        picture={{
          legend: t('contests.form.picture'),
          required: true,
          currentUrl: contest?.pictureUrl ?? null,
          lockedReason: isLocked('picture') ? (say(lockReason ?? undefined) ?? null) : null,
        }}
        idPrefix="contest"
        prizePictureUrl={contest?.prizePictureUrl ?? null}
        priceLocked={isLocked('price')}
        totalHint={
          contest && contest.ticketsTaken > 0
            ? t('contests.form.totalHint', { taken: contest.ticketsTaken })
            : undefined
        }
        ticketsNote={lockNote('price')}
      />

      <SponsorFieldset contest={contest} control={control} register={register} errors={errors} />

      <fieldset className="contest-form__group" disabled={decisionLocked}>
        <legend>{t('contests.form.decision')}</legend>
        <div className="contest-form__choices">
          <label className="contest-form__choice">
            <input type="radio" value="judges" {...register('decidedBy')} /> {t('contests.form.decisionJudges')}
          </label>
          <label className="contest-form__choice">
            <input type="radio" value="sealedAnswer" {...register('decidedBy')} /> {t('contests.form.decisionAnswer')}
          </label>
        </div>
        {decidedBy === 'sealedAnswer' && (
          <>
            <p className="muted">{t('contests.form.answerHint')}</p>
            {contest?.commitment && (
              <p className="muted contest-form__hash">
                {t('contests.form.answerOnFile', { hash: contest.commitment.hash })}
              </p>
            )}
            <div className="contest-form__row">
              <TextField
                label={t('contests.form.answerX')}
                inputMode="numeric"
                error={say(errors.answerX?.message)}
                {...register('answerX')}
              />
              <TextField
                label={t('contests.form.answerY')}
                inputMode="numeric"
                error={say(errors.answerY?.message)}
                {...register('answerY')}
              />
            </div>
          </>
        )}
        {decisionLocked && (
          <p className="contest-lock" role="note">
            {t('contests.form.decisionLocked')}
          </p>
        )}
      </fieldset>

      <TextField
        label={t('contests.form.streamUrl')}
        hint={t('contests.form.streamHint')}
        type="url"
        inputMode="url"
        placeholder="https://"
        error={say(errors.streamUrl?.message)}
        {...register('streamUrl')}
      />

      {overlap && <OverlapNotice other={overlap.other} held={overlap.held} />}
      {failure && (
        <p role="alert" className="console-list__error">
          {say(failure)}
        </p>
      )}
      <div className="contest-form__actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting} {...pressKeepsFocus}>
          {isSubmitting ? t('contests.form.saving') : contest ? t('contests.form.save') : t('contests.form.create')}
        </button>
        <button type="button" className="button button--ghost" onClick={onClose} disabled={isSubmitting}>
          {t('contests.form.close')}
        </button>
      </div>
    </form>
  );
}
