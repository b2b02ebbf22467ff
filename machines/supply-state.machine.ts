import { assign, fromPromise, setup } from 'xstate';
import { isGstStateCode, type SupplyStateAnswer } from '../domain/india-states.ts';

/**
 * The player's state for the tax invoice's place of supply (IGST Act 2017, s.12(2)(b)): asked once,
 * at the first purchase (the checkout invokes this machine when the server refuses an order with
 * SUPPLY_STATE_REQUIRED), and changed in My Account through the same steps.
 *
 * loading --done--> asking (the recorded state, else the location check's, picked already)
 *    \--error--> asking (nothing picked: the list still works)
 * asking --state.pick--> asking; --state.save (a state picked)--> saving --done--> saved (final)
 *                                                                   \--error--> asking (saveFailed)
 * asking --state.dismiss--> dismissed (final)
 * Output: the saved GST state code, or null when dismissed.
 */
export interface SupplyStateContext {
  /** The state on record when the question opened; null when none is. */
  recorded: string | null;
  /** The state the location check found, offered as the default. */
  suggested: string | null;
  /** The GST state code picked now. */
  picked: string | null;
  saved: string | null;
  saveFailed: boolean;
  /** The seller's state (CGST + SGST there, IGST elsewhere); null until loaded. */
  sellerState: string | null;
}

export type SupplyStateEvent =
  { type: 'state.pick'; code: string } | { type: 'state.save' } | { type: 'state.dismiss' };

export const supplyStateMachine = setup({
  types: {
    context: {} as SupplyStateContext,
    events: {} as SupplyStateEvent,
    output: {} as { stateCode: string | null },
  },
  actors: {
    loadSupplyState: fromPromise<SupplyStateAnswer>(async () => {
      throw new Error('loadSupplyState not provided');
    }),
    saveSupplyState: fromPromise<SupplyStateAnswer, { stateCode: string }>(async () => {
      throw new Error('saveSupplyState not provided');
    }),
  },
  actions: {
    setLoaded: assign((_, answer: SupplyStateAnswer) => ({
      recorded: answer.stateCode,
      suggested: answer.suggested,
      picked: answer.stateCode ?? answer.suggested,
      sellerState: answer.sellerState,
    })),
    pick: assign((_, params: { code: string }) => ({ picked: params.code, saveFailed: false })),
    setSaved: assign((_, answer: SupplyStateAnswer) => ({ saved: answer.stateCode, saveFailed: false })),
    setSaveFailed: assign({ saveFailed: true }),
  },
  guards: {
    isKnownState: (_, params: { code: string }) => isGstStateCode(params.code),
    hasPick: ({ context }) => context.picked !== null,
  },
}).createMachine({
  id: 'supplyState',
  context: { recorded: null, suggested: null, picked: null, saved: null, saveFailed: false, sellerState: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSupplyState',
        src: 'loadSupplyState',
        onDone: { target: 'asking', actions: { type: 'setLoaded', params: ({ event }) => event.output } },
        onError: 'asking',
      },
    },
    asking: {
      on: {
        'state.pick': {
          guard: { type: 'isKnownState', params: ({ event }) => ({ code: event.code }) },
          actions: { type: 'pick', params: ({ event }) => ({ code: event.code }) },
        },
        'state.save': { guard: 'hasPick', target: 'saving' },
        'state.dismiss': 'dismissed',
      },
    },
    saving: {
      invoke: {
        id: 'saveSupplyState',
        src: 'saveSupplyState',
        input: ({ context }) => ({ stateCode: context.picked ?? '' }),
        onDone: { target: 'saved', actions: { type: 'setSaved', params: ({ event }) => event.output } },
        onError: { target: 'asking', actions: 'setSaveFailed' },
      },
    },
    saved: { type: 'final' },
    dismissed: { type: 'final' },
  },
  output: ({ context }) => ({ stateCode: context.saved }),
});
