import { assign, fromPromise, setup } from 'xstate';
import type { Bill } from '../domain/money.ts';
import { PAYMENT_ERROR_CODES, type PaymentOrderAnswer } from '../domain/payments.ts';
import { supplyStateMachine } from './supply-state.machine.ts';

/**
 * Stable codes; the UI maps them to texts: invalidPromo 'Invalid Promo Code', promoFailed 'Failed
 * to Apply Promo Code', orderIdMissing 'Payment order ID is missing. Please try again.', and so on.
 */
export type CheckoutErrorCode =
  | 'loadFailed'
  | 'promoRequired'
  | 'invalidPromo'
  | 'promoFailed'
  | 'promoRemoveFailed'
  | 'orderIdMissing'
  | 'orderFailed'
  | 'gatewayFailed'
  | 'verifyFailed';

export type CheckoutStatus = 'success' | 'failed' | 'cancelled' | 'error';

export interface PaymentOrder {
  /** Missing or empty when the server answered without one. */
  orderId?: string | null;
  /** The server's whole order (gateway, checkout page or key), kept for openGateway. */
  order?: PaymentOrderAnswer;
}

/** What openGateway needs: the order id and amount, and the server's order when it sent one. */
export interface GatewayInput {
  orderId: string;
  amount: number;
  order?: PaymentOrderAnswer;
}

/** What loadBill answers: the bill alone, or the bill with the promo code already applied to it. */
export type LoadedBill = Bill | { bill: Bill; promoCode: string | null };

const loadedParts = (loaded: LoadedBill): { bill: Bill; promoCode: string | null } =>
  'bill' in loaded ? { bill: loaded.bill, promoCode: loaded.promoCode } : { bill: loaded, promoCode: null };

export interface GatewayResult {
  outcome: 'success' | 'failed' | 'cancelled';
  paymentId?: string;
  signature?: string;
}

export interface CheckoutContext {
  bill: Bill | null;
  /** The promo code applied to the bill; one at most. */
  promoCode: string | null;
  /** The code being applied right now (trimmed). */
  enteredPromo: string;
  lastError: CheckoutErrorCode | null;
  /** The server's own error code behind lastError, when it sent one (e.g. why an order was refused). */
  errorDetail: string | null;
  orderId: string | null;
  /** The server's order behind orderId, for the gateway; null before one is made. */
  order: PaymentOrderAnswer | null;
  paymentId: string | null;
  signature: string | null;
  status: CheckoutStatus | null;
}

export type CheckoutEvent =
  | { type: 'promo.apply'; code: string }
  | { type: 'promo.remove' }
  | { type: 'checkout.pay' }
  | { type: 'error.dismiss' }
  | { type: 'load.retry' };

function serverCodeOf(error: unknown): string | null {
  const code: unknown = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && code !== '' ? code : null;
}

export function promoErrorCode(error: unknown): CheckoutErrorCode {
  return serverCodeOf(error) === 'INVALID_PROMO' ? 'invalidPromo' : 'promoFailed';
}

/**
 * The checkout bill and the payment: load the bill, optionally apply one promo code, create a
 * payment order, hand over to the gateway, and have the server verify what the gateway says.
 * Ends in success, failed, cancelled or error; the app then shows the payment status screen.
 */
export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    output: {} as { status: CheckoutStatus; orderId: string | null },
    /** The screen renders the state question from this child (its own machine). */
    children: {} as { supplyState: 'supplyState' },
  },
  actors: {
    loadBill: fromPromise<LoadedBill>(async () => {
      throw new Error('loadBill not provided');
    }),
    applyPromo: fromPromise<Bill, { code: string }>(async () => {
      throw new Error('applyPromo not provided');
    }),
    removePromo: fromPromise<Bill, { code: string }>(async () => {
      throw new Error('removePromo not provided');
    }),
    createPaymentOrder: fromPromise<PaymentOrder, { promoCode: string | null; grandTotal: number }>(async () => {
      throw new Error('createPaymentOrder not provided');
    }),
    openGateway: fromPromise<GatewayResult, GatewayInput>(async () => {
      throw new Error('openGateway not provided');
    }),
    verifyPayment: fromPromise<{ verified: boolean }, { orderId: string; paymentId: string; signature: string }>(
      async () => {
        throw new Error('verifyPayment not provided');
      },
    ),
    /** The state question (its own machine, its own actors to provide): the first paid order needs it. */
    supplyState: supplyStateMachine,
  },
  actions: {
    // A load knows which promo the server has applied already: no second apply, Remove offered.
    setBill: assign((_, loaded: LoadedBill) => ({ ...loadedParts(loaded), lastError: null, errorDetail: null })),
    enterPromo: assign((_, params: { code: string }) => ({ enteredPromo: params.code.trim() })),
    setPromo: assign(({ context }, bill: Bill) => ({
      bill,
      promoCode: context.enteredPromo,
      lastError: null,
      errorDetail: null,
    })),
    clearPromo: assign((_, bill: Bill) => ({ bill, promoCode: null, lastError: null, errorDetail: null })),
    setError: assign((_, params: { code: CheckoutErrorCode; error?: unknown }) => ({
      lastError: params.code,
      errorDetail: serverCodeOf(params.error),
    })),
    clearError: assign({ lastError: null, errorDetail: null }),
    setOrderId: assign((_, params: { orderId: string; order?: PaymentOrderAnswer }) => ({
      orderId: params.orderId,
      order: params.order ?? null,
    })),
    setPayment: assign((_, params: GatewayResult) => ({
      paymentId: params.paymentId ?? null,
      signature: params.signature ?? null,
    })),
    setStatus: assign((_, params: { status: CheckoutStatus }) => ({ status: params.status })),
  },
  guards: {
    // Both look at the applied promo so that can('promo.apply') is false once one is applied.
    isPromoCodeMissing: ({ context }, params: { code: string }) =>
      context.promoCode === null && params.code.trim() === '',
    canApplyPromo: ({ context }, params: { code: string }) => context.promoCode === null && params.code.trim() !== '',
    hasPromo: ({ context }) => context.promoCode !== null,
    hasError: ({ context }) => context.lastError !== null,
    hasOrderId: (_, params: { orderId: string | null | undefined }) =>
      typeof params.orderId === 'string' && params.orderId !== '',
    isGatewayPaid: (_, params: GatewayResult) =>
      params.outcome === 'success' && !!params.paymentId && !!params.signature,
    isGatewayOutcome: (_, params: { actual: GatewayResult['outcome']; expected: GatewayResult['outcome'] }) =>
      params.actual === params.expected,
    isVerified: (_, params: { verified: boolean }) => params.verified,
    isSupplyStateRequired: (_, params: { error: unknown }) =>
      serverCodeOf(params.error) === PAYMENT_ERROR_CODES.supplyStateRequired,
    hasStateCode: (_, params: { stateCode: string | null }) => params.stateCode !== null,
  },
}).createMachine({
  id: 'checkout',
  context: {
    bill: null,
    promoCode: null,
    enteredPromo: '',
    lastError: null,
    errorDetail: null,
    orderId: null,
    order: null,
    paymentId: null,
    signature: null,
    status: null,
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadBill',
        src: 'loadBill',
        onDone: { target: 'ready', actions: { type: 'setBill', params: ({ event }) => event.output } },
        onError: {
          target: 'loadError',
          actions: { type: 'setError', params: ({ event }) => ({ code: 'loadFailed', error: event.error }) },
        },
      },
    },
    loadError: {
      on: { 'load.retry': 'loading' },
    },
    ready: {
      on: {
        'promo.apply': [
          {
            guard: { type: 'isPromoCodeMissing', params: ({ event }) => ({ code: event.code }) },
            actions: { type: 'setError', params: { code: 'promoRequired' } },
          },
          {
            guard: { type: 'canApplyPromo', params: ({ event }) => ({ code: event.code }) },
            target: 'applyingPromo',
            actions: ['clearError', { type: 'enterPromo', params: ({ event }) => ({ code: event.code }) }],
          },
        ],
        'promo.remove': { guard: 'hasPromo', target: 'removingPromo', actions: 'clearError' },
        'checkout.pay': { target: 'creatingOrder', actions: 'clearError' },
        'error.dismiss': { guard: 'hasError', actions: 'clearError' },
      },
    },
    applyingPromo: {
      invoke: {
        id: 'applyPromo',
        src: 'applyPromo',
        input: ({ context }) => ({ code: context.enteredPromo }),
        onDone: { target: 'ready', actions: { type: 'setPromo', params: ({ event }) => event.output } },
        onError: {
          target: 'ready',
          actions: {
            type: 'setError',
            params: ({ event }) => ({ code: promoErrorCode(event.error), error: event.error }),
          },
        },
      },
    },
    removingPromo: {
      invoke: {
        id: 'removePromo',
        src: 'removePromo',
        input: ({ context }) => ({ code: context.promoCode ?? '' }),
        onDone: { target: 'ready', actions: { type: 'clearPromo', params: ({ event }) => event.output } },
        onError: {
          target: 'ready',
          actions: { type: 'setError', params: ({ event }) => ({ code: 'promoRemoveFailed', error: event.error }) },
        },
      },
    },
    creatingOrder: {
      invoke: {
        id: 'createPaymentOrder',
        src: 'createPaymentOrder',
        input: ({ context }) => ({ promoCode: context.promoCode, grandTotal: context.bill?.grandTotal ?? 0 }),
        onDone: [
          {
            guard: { type: 'hasOrderId', params: ({ event }) => ({ orderId: event.output.orderId }) },
            target: 'awaitingGateway',
            actions: {
              type: 'setOrderId',
              params: ({ event }) => ({ orderId: event.output.orderId ?? '', order: event.output.order }),
            },
          },
          { target: 'ready', actions: { type: 'setError', params: { code: 'orderIdMissing' } } },
        ],
        onError: [
          // The first paid order: the server needs the player's state for the invoice. Asked, then the order again.
          {
            guard: { type: 'isSupplyStateRequired', params: ({ event }) => ({ error: event.error }) },
            target: 'choosingState',
          },
          {
            target: 'ready',
            actions: { type: 'setError', params: ({ event }) => ({ code: 'orderFailed', error: event.error }) },
          },
        ],
      },
    },
    choosingState: {
      invoke: {
        id: 'supplyState',
        src: 'supplyState',
        onDone: [
          {
            guard: { type: 'hasStateCode', params: ({ event }) => ({ stateCode: event.output.stateCode }) },
            target: 'creatingOrder',
          },
          { target: 'ready' },
        ],
        onError: {
          target: 'ready',
          actions: { type: 'setError', params: ({ event }) => ({ code: 'orderFailed', error: event.error }) },
        },
      },
    },
    awaitingGateway: {
      invoke: {
        id: 'openGateway',
        src: 'openGateway',
        input: ({ context }): GatewayInput => ({
          orderId: context.orderId ?? '',
          amount: context.bill?.grandTotal ?? 0,
          ...(context.order ? { order: context.order } : {}),
        }),
        onDone: [
          {
            guard: { type: 'isGatewayPaid', params: ({ event }) => event.output },
            target: 'verifying',
            actions: { type: 'setPayment', params: ({ event }) => event.output },
          },
          {
            guard: {
              type: 'isGatewayOutcome',
              params: ({ event }) => ({ actual: event.output.outcome, expected: 'cancelled' }),
            },
            target: 'cancelled',
          },
          {
            guard: {
              type: 'isGatewayOutcome',
              params: ({ event }) => ({ actual: event.output.outcome, expected: 'failed' }),
            },
            target: 'failed',
          },
          // 'success' without the payment id and signature to verify cannot be trusted.
          { target: 'error', actions: { type: 'setError', params: { code: 'gatewayFailed' } } },
        ],
        onError: {
          target: 'error',
          actions: { type: 'setError', params: ({ event }) => ({ code: 'gatewayFailed', error: event.error }) },
        },
      },
    },
    verifying: {
      invoke: {
        id: 'verifyPayment',
        src: 'verifyPayment',
        input: ({ context }) => ({
          orderId: context.orderId ?? '',
          paymentId: context.paymentId ?? '',
          signature: context.signature ?? '',
        }),
        onDone: [
          { guard: { type: 'isVerified', params: ({ event }) => event.output }, target: 'success' },
          { target: 'failed' },
        ],
        onError: {
          target: 'error',
          actions: { type: 'setError', params: ({ event }) => ({ code: 'verifyFailed', error: event.error }) },
        },
      },
    },
    success: { type: 'final', entry: { type: 'setStatus', params: { status: 'success' } } },
    failed: { type: 'final', entry: { type: 'setStatus', params: { status: 'failed' } } },
    cancelled: { type: 'final', entry: { type: 'setStatus', params: { status: 'cancelled' } } },
    error: { type: 'final', entry: { type: 'setStatus', params: { status: 'error' } } },
  },
  output: ({ context }) => ({ status: context.status ?? 'error', orderId: context.orderId }),
});
