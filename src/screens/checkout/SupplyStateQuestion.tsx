import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { stateByGstCode } from '../../../domain/india-states.ts';
import type { supplyStateMachine } from '../../../machines/supply-state.machine.ts';
import { currentLanguage } from '../../shared/i18n.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { StateSelect } from '../../ui/StateSelect.tsx';

/**
 * The first purchase's question: the player's state, for the tax invoice's place of supply (IGST
 * Act 2017, s.12(2)(b)), with the location check's state picked already. Its own machine
 * (machines/supply-state.machine.ts), invoked by the checkout; 'Continue to pay' saves it and the
 * checkout makes the order again, 'Back to the bill' leaves it unsaved. Asked once: the answer is
 * kept on the account (changed in My Account).
 */
export function SupplyStateQuestion({ actor }: { actor: ActorRefFrom<typeof supplyStateMachine> }) {
  const { t, i18n } = useTranslation('payments');
  const lng = currentLanguage(i18n);
  const snapshot = useSelector(actor, (s) => s);
  const { picked, suggested, saveFailed } = snapshot.context;
  if (snapshot.matches('loading')) return <Spinner label={t('supplyState.loading')} />;
  const saving = snapshot.matches('saving');
  const suggestedState = suggested ? stateByGstCode(suggested) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'state.save' });
  };
  return (
    <form className="supply-state" onSubmit={submit} noValidate aria-labelledby="supply-state-title">
      <h3 id="supply-state-title" className="supply-state__title">
        {t('supplyState.title')}
      </h3>
      <p className="supply-state__why">{t('supplyState.why')}</p>
      <StateSelect
        label={t('supplyState.label')}
        placeholder={t('supplyState.placeholder')}
        {...(suggestedState
          ? {
              hint: t('supplyState.suggested', { state: lng === 'hi' ? suggestedState.nameHi : suggestedState.nameEn }),
            }
          : {})}
        value={picked}
        lng={lng}
        disabled={saving}
        onPick={(code) => actor.send({ type: 'state.pick', code })}
      />
      {saveFailed && (
        <p className="contest-notice" role="alert">
          {t('supplyState.saveFailed')}
        </p>
      )}
      <div className="cart-group__actions">
        <button type="submit" className="button button--accent" disabled={saving || picked === null}>
          {saving ? t('supplyState.saving') : t('supplyState.continue')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={saving}
          onClick={() => actor.send({ type: 'state.dismiss' })}
        >
          {t('supplyState.back')}
        </button>
      </div>
    </form>
  );
}
