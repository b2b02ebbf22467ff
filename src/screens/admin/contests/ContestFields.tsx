import type { ReactNode } from 'react';
import {
  type Control,
  Controller,
  type FieldErrors,
  type UseFormRegister,
  type UseFormRegisterReturn,
  useFormState,
  useWatch,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ContestForm } from '../../../../domain/admin-contests.ts';
import { TextField } from '../../../ui/Field.tsx';
import { useContestMessage } from './messages.ts';
import { PicturePicker } from './PicturePicker.tsx';

/** The prize and ticket fields a contest and the contest defaults both have, typed alike in both forms. */
export type ContestFieldValues = Pick<
  ContestForm,
  | 'pictureId'
  | 'prizeTitleEn'
  | 'prizeTitleHi'
  | 'prizeKind'
  | 'prizeValueRupees'
  | 'prizeTdsPayer'
  | 'prizePictureId'
  | 'ticketPriceRupees'
  | 'maxTickets'
  | 'totalTickets'
>;

interface ContestPictureChoice {
  legend: string;
  currentUrl: string | null;
  /** Why it can no longer change; null: it can. */
  lockedReason: string | null;
  required?: boolean;
  /** Offer "none" (the defaults' demo picture); its label. */
  allowNone?: boolean;
  noneLabel?: string;
}

interface ContestFieldsProps<T extends ContestFieldValues> {
  control: Control<T>;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  /** The contest picture's picker as this form offers it. */
  picture: ContestPictureChoice;
  /** Names the prize-kind select (`<idPrefix>-prize-kind`); its label points at it. */
  idPrefix: string;
  prizePictureUrl: string | null;
  /** Once tickets are taken the price cannot change: shown read-only. */
  priceLocked?: boolean;
  totalHint?: string | undefined;
  /** Said under the ticket fields (the reason the price is locked). */
  ticketsNote?: ReactNode;
}

/**
 * The picture, the prize (titles, kind, value, TDS payer, picture) and the tickets (price, limits) of a contest,
 * shared by the contest form and the contest defaults page: one set of labels, marks and messages.
 */
export function ContestFields<T extends ContestFieldValues>(props: ContestFieldsProps<T>) {
  // A form with more fields registers these the same way: reading it as just these fields is sound.
  const { control, register, errors } = props as unknown as ContestFieldsProps<ContestFieldValues>;
  const { picture, idPrefix, prizePictureUrl, priceLocked = false, totalHint, ticketsNote } = props;
  const { t } = useTranslation('admin');
  const say = useContestMessage();
  const prizeKind = useWatch({ control, name: 'prizeKind' });
  // The English title changed and the Hindi one not: Hindi players would read of another prize.
  const { dirtyFields } = useFormState({ control, name: ['prizeTitleEn', 'prizeTitleHi'] });
  const hindiStale = Boolean(dirtyFields.prizeTitleEn) && !dirtyFields.prizeTitleHi;
  const kindId = `${idPrefix}-prize-kind`;
  return (
    <>
      <Controller
        control={control}
        name="pictureId"
        render={({ field }) => (
          <PicturePicker
            kind="contest"
            {...picture}
            value={field.value}
            onChange={field.onChange}
            error={say(errors.pictureId?.message)}
          />
        )}
      />
      <fieldset className="contest-form__group">
        <legend>{t('contests.form.prize')}</legend>
        <div className="contest-form__row">
          <TextField
            label={t('contests.form.prizeTitleEn')}
            required
            maxLength={120}
            error={say(errors.prizeTitleEn?.message)}
            {...register('prizeTitleEn')}
          />
          <TextField
            label={t('contests.form.prizeTitleHi')}
            required
            lang="hi"
            maxLength={120}
            hint={hindiStale ? t('contests.form.prizeTitleHiCheck') : undefined}
            error={say(errors.prizeTitleHi?.message)}
            {...register('prizeTitleHi')}
          />
        </div>
        <div className="contest-form__row">
          <div className="field">
            <label className="field__label" htmlFor={kindId}>
              {t('contests.form.prizeKind')}
            </label>
            <select id={kindId} className="field__input" {...register('prizeKind')}>
              <option value="cash">{t('contests.prizeKinds.cash')}</option>
              <option value="merchandise">{t('contests.prizeKinds.merchandise')}</option>
            </select>
          </div>
          <TextField
            label={prizeKind === 'merchandise' ? t('contests.form.marketValue') : t('contests.form.prizeValue')}
            required
            inputMode="decimal"
            error={say(errors.prizeValueRupees?.message)}
            {...register('prizeValueRupees')}
          />
        </div>
        {prizeKind === 'merchandise' && <TdsPayerRadios register={register('prizeTdsPayer')} />}
        <Controller
          control={control}
          name="prizePictureId"
          render={({ field }) => (
            <PicturePicker
              kind="prize"
              legend={t('contests.form.prizePicture')}
              value={field.value}
              onChange={field.onChange}
              currentUrl={prizePictureUrl}
              lockedReason={null}
              allowNone
              error={say(errors.prizePictureId?.message)}
            />
          )}
        />
      </fieldset>

      <fieldset className="contest-form__group">
        <legend>{t('contests.form.tickets')}</legend>
        <div className="contest-form__row">
          <TextField
            label={t('contests.form.price')}
            required
            hint={t('contests.form.priceHint')}
            inputMode="decimal"
            readOnly={priceLocked}
            error={say(errors.ticketPriceRupees?.message)}
            {...register('ticketPriceRupees')}
          />
          <TextField
            label={t('contests.form.maxTickets')}
            required
            inputMode="numeric"
            error={say(errors.maxTickets?.message)}
            {...register('maxTickets')}
          />
          <TextField
            label={t('contests.form.totalTickets')}
            required
            hint={totalHint}
            inputMode="numeric"
            error={say(errors.totalTickets?.message)}
            {...register('totalTickets')}
          />
        </div>
        {ticketsNote}
      </fieldset>
    </>
  );
}

/** Issue 26: who pays a prize in kind's TDS (section 194B): the winner before dispatch, or the company. */
function TdsPayerRadios({ register }: { register: UseFormRegisterReturn }) {
  const { t } = useTranslation('admin');
  return (
    <fieldset className="contest-form__choices contest-form__tds">
      <legend className="field__label">{t('contests.form.tdsPayer')}</legend>
      <label className="contest-form__choice">
        <input type="radio" value="winner" {...register} /> {t('contests.form.tdsWinner')}
      </label>
      <label className="contest-form__choice">
        <input type="radio" value="company" {...register} /> {t('contests.form.tdsCompany')}
      </label>
      <p className="muted">{t('contests.form.tdsHint')}</p>
    </fieldset>
  );
}
