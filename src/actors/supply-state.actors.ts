import { fromPromise } from 'xstate';
import type { SupplyStateAnswer } from '../../domain/india-states.ts';
import { supplyStateMachine } from '../../machines/supply-state.machine.ts';
import { fetchSupplyState, saveSupplyState } from '../api/supply-state.ts';

/** The state question with the real calls: the checkout's first purchase and My Account use it. */
export function supplyStateMachineWithApi() {
  return supplyStateMachine.provide({
    actors: {
      loadSupplyState: fromPromise<SupplyStateAnswer>(() => fetchSupplyState()),
      saveSupplyState: fromPromise<SupplyStateAnswer, { stateCode: string }>(({ input }) =>
        saveSupplyState(input.stateCode),
      ),
    },
  });
}
