import { type Control, Controller, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AdminContest, ContestForm, OverlapDetails } from '../../../../domain/admin-contests.ts';
import { SPONSOR_NAME_MAX, SPONSOR_URL_MAX } from '../../../../domain/sponsor.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { paths } from '../../../shared/paths.ts';
import { TextField } from '../../../ui/Field.tsx';
import { formatIstShort } from '../../../ui/format.ts';
import { useContestMessage } from './messages.ts';
import { PicturePicker } from './PicturePicker.tsx';

/** Issue 26: who funds the prize ("Prize by ..."): a name, an https link and a logo, all optional together. */
export function SponsorFieldset({
  contest,
  control,
  register,
  errors,
}: {
  contest: AdminContest | undefined;
  control: Control<ContestForm>;
  register: UseFormRegister<ContestForm>;
  errors: FieldErrors<ContestForm>;
}) {
  const { t } = useTranslation('admin');
  const say = useContestMessage();
  return (
    <fieldset className="contest-form__group">
      <legend>{t('contests.form.sponsor')}</legend>
      <p className="muted">{t('contests.form.sponsorHint')}</p>
      <div className="contest-form__row">
        <TextField
          label={t('contests.form.sponsorName')}
          maxLength={SPONSOR_NAME_MAX}
          autoComplete="off"
          error={say(errors.sponsorName?.message)}
          {...register('sponsorName')}
        />
        <TextField
          label={t('contests.form.sponsorUrl')}
          type="url"
          inputMode="url"
          placeholder="https://"
          maxLength={SPONSOR_URL_MAX}
          error={say(errors.sponsorUrl?.message)}
          {...register('sponsorUrl')}
        />
      </div>
      <Controller
        control={control}
        name="sponsorPictureId"
        render={({ field }) => (
          <PicturePicker
            kind="sponsor"
            legend={t('contests.form.sponsorLogo')}
            value={field.value}
            onChange={field.onChange}
            currentUrl={contest?.sponsor?.logoUrl ?? null}
            lockedReason={null}
            allowNone
            noneLabel={t('contests.pictures.noLogo')}
            error={say(errors.sponsorPictureId?.message)}
          />
        )}
      />
    </fieldset>
  );
}

/**
 * The overlap refusal names the contest in the way, with a link to it (issue 26); so does the
 * refusal of a schedule window another contest holds although their times do not overlap (`held`).
 */
export function OverlapNotice({ other, held = false }: { other: OverlapDetails; held?: boolean }) {
  const { t, i18n } = useTranslation('admin');
  const lng = currentLanguage(i18n);
  return (
    <p role="alert" className="console-list__error">
      {t(held ? 'contests.windowHeld' : 'contests.overlap', {
        slot: other.slot,
        opens: formatIstShort(new Date(other.opensAt), lng),
        closes: formatIstShort(new Date(other.closesAt), lng),
      })}{' '}
      <Link to={`${paths.admin}/contests/${encodeURIComponent(other.contestId)}`}>{t('contests.openOverlap')}</Link>
    </p>
  );
}

/** Reads an overlap refusal's details, or null. */
export function overlapOf(details: unknown): OverlapDetails | null {
  if (typeof details !== 'object' || details === null) return null;
  const d = details as Partial<OverlapDetails>;
  return typeof d.contestId === 'string' &&
    typeof d.slot === 'string' &&
    typeof d.opensAt === 'string' &&
    typeof d.closesAt === 'string' &&
    typeof d.windowKey === 'string'
    ? (d as OverlapDetails)
    : null;
}
