import { useMachine } from '@xstate/react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stateByGstCode } from '../../../domain/india-states.ts';
import { supplyStateMachineWithApi } from '../../actors/supply-state.actors.ts';
import { currentLanguage } from '../../shared/i18n.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { StateSelect } from '../../ui/StateSelect.tsx';

/**
 * My Account: the state printed on the player's tax invoices as the place of supply (asked at the
 * first purchase), changed here through the same machine as that question. Each save starts a new
 * round that reads the state back.
 */
export function SupplyStateSection() {
  const { t, i18n } = useTranslation('payments');
  const lng = currentLanguage(i18n);
  const [round, setRound] = useState(0);
  const [saved, setSaved] = useState<string | null>(null);
  const savedState = saved ? stateByGstCode(saved) : null;
  return (
    <section className="account__card" aria-labelledby="account-supply-state">
      <h2 id="account-supply-state">{t('supplyState.account.title')}</h2>
      <SupplyStateForm
        key={round}
        onSaved={(code) => {
          setSaved(code);
          setRound((n) => n + 1);
        }}
      />
      {savedState && (
        <p className="account__saved" role="status">
          {t('supplyState.account.saved', { state: lng === 'hi' ? savedState.nameHi : savedState.nameEn })}
        </p>
      )}
    </section>
  );
}

function SupplyStateForm({ onSaved }: { onSaved(code: string): void }) {
  const { t, i18n } = useTranslation('payments');
  const lng = currentLanguage(i18n);
  const [machine] = useState(() => supplyStateMachineWithApi());
  const [snapshot, send] = useMachine(machine);
  const { picked, recorded, suggested, saveFailed, saved, sellerState } = snapshot.context;
  useEffect(() => {
    if (snapshot.matches('saved') && saved) onSaved(saved);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [snapshot.value]);
  if (snapshot.matches('loading')) return <Spinner label={t('supplyState.loading')} />;
  const saving = snapshot.matches('saving') || snapshot.matches('saved');
  const suggestedState = recorded === null && suggested ? stateByGstCode(suggested) : null;
  const seller = sellerState ? stateByGstCode(sellerState) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'state.save' });
  };
  return (
    <form className="form" onSubmit={submit} noValidate>
      {seller && <p>{t('supplyState.account.intro', { seller: lng === 'hi' ? seller.nameHi : seller.nameEn })}</p>}
      <StateSelect
        label={t('supplyState.label')}
        placeholder={t('supplyState.placeholder')}
        hint={
          recorded === null
            ? suggestedState
              ? `${t('supplyState.account.none')} ${t('supplyState.suggested', { state: lng === 'hi' ? suggestedState.nameHi : suggestedState.nameEn })}`
              : t('supplyState.account.none')
            : t('supplyState.account.issuedKeep')
        }
        value={picked}
        lng={lng}
        disabled={saving}
        onPick={(code) => send({ type: 'state.pick', code })}
      />
      {saveFailed && (
        <p className="field__error" role="alert">
          {t('supplyState.saveFailed')}
        </p>
      )}
      <div>
        <button
          type="submit"
          className="button button--primary"
          disabled={saving || picked === null || picked === recorded}
        >
          {saving ? t('supplyState.saving') : t('supplyState.account.save')}
        </button>
      </div>
    </form>
  );
}
