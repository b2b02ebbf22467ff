import { assign, fromPromise, sendTo, setup } from 'xstate';
import { errorCodeOf, refusalOf } from '../domain/error-code.ts';
import type { Bill } from '../domain/money.ts';
import { PAYMENT_ERROR_CODES, PROMO_ERROR_CODES, type PaymentOrderAnswer } from '../domain/payments.ts';
import {
  type CheckoutContext,
  type CheckoutErrorCode,
  type CheckoutEvent,
  type CheckoutStatus,
  type GatewayInput,
  type GatewayResult,
  type LoadedBill,
  loadedParts,
  RETRY_ENDED_CODES,
  type WatchedPayment,
} from './fragments/checkout-types.ts';
import { supplyStateMachine } from './supply-state.machine.ts';

export type {
  CheckoutContext,
  CheckoutErrorCode,
  CheckoutEvent,
  CheckoutStatus,
  GatewayInput,
  GatewayResult,
  LoadedBill,
  WatchedPayment,
} from './fragments/checkout-types.ts';

export function promoErrorCode(error: unknown): CheckoutErrorCode {
  return errorCodeOf(error) === PROMO_ERROR_CODES.invalidPromo ? 'invalidPromo' : 'promoFailed';
}

/**
 * Where an order goes next: settled at once (a zero bill), to its gateway, or nowhere (an answer
 * without an order id).
 */
type OrderDone = { event: { output: PaymentOrderAnswer } };
const orderTransitions = (fallback: 'ready' | 'unpaid') =>
  [
    {
      guard: { type: 'isSettledOrder', params: ({ event }: OrderDone) => event.output },
      target: 'confirming',
      actions: { type: 'setOrder', params: ({ event }: OrderDone) => event.output },
    },
    {
      guard: { type: 'hasOrderId', params: ({ event }: OrderDone) => ({ orderId: event.output.orderId }) },
      target: 'awaitingGateway',
      actions: { type: 'setOrder', params: ({ event }: OrderDone) => event.output },
    },
    { target: fallback, actions: { type: 'setError', params: { code: 'orderIdMissing' } } },
  ] as const;

/**
 * The entry sheet's and /popupCheckout's flow: load the bill, optionally apply one promo code,
 * create a payment order, hand over to the gateway, have the server verify what the gateway says,
 * then watch the payment to its end. A payment that failed or was cancelled while its tickets are
 * still held offers "Try again" (checkout.retry: a new order for the same reservation, issue 25).
 * Started with a payment id (a hosted gateway page sent the player back) it only watches that
 * payment. Ends in success, or in error; 'unpaid' waits for "Try again" or for the screen to close.
 */
export const checkoutMachine = setup({
  types: {
    input: {} as { paymentId?: string | null } | undefined,
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    output: {} as { status: CheckoutStatus; orderId: string | null; paymentId: string | null },
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
    createPaymentOrder: fromPromise<PaymentOrderAnswer, { promoCode: string | null; grandTotal: number }>(async () => {
      throw new Error('createPaymentOrder not provided');
    }),
    retryPaymentOrder: fromPromise<PaymentOrderAnswer, { paymentId: string }>(async () => {
      throw new Error('retryPaymentOrder not provided');
    }),
    openGateway: fromPromise<GatewayResult, GatewayInput>(async () => {
      throw new Error('openGateway not provided');
    }),
    verifyPayment: fromPromise<{ verified: boolean }, { orderId: string; paymentId: string; signature: string }>(
      async () => {
        throw new Error('verifyPayment not provided');
      },
    ),
    // The app gives the payment-status machine (machines/payment-status.machine.ts) here.
    watchPayment: fromPromise<WatchedPayment, { orderId: string }>(async () => {
      throw new Error('watchPayment not provided');
    }),
    /** The state question (its own machine, its own actors to provide): the first paid order needs it. */
    supplyState: supplyStateMachine,
  },
  actions: {
    // A load knows which promo the server has applied already: no second apply, Remove offered.
    setBill: assign((_, loaded: LoadedBill) => ({
      ...loadedParts(loaded),
      lastError: null,
      errorDetail: null,
      refusal: null,
    })),
    // Codes are matched in upper case (domain/validation.ts promoCodeSchema): said as applied.
    enterPromo: assign((_, params: { code: string }) => ({ enteredPromo: params.code.trim().toUpperCase() })),
    setPromo: assign(({ context }, bill: Bill) => ({
      bill,
      promoCode: context.enteredPromo,
      lastError: null,
      errorDetail: null,
      refusal: null,
    })),
    clearPromo: assign((_, bill: Bill) => ({
      bill,
      promoCode: null,
      lastError: null,
      errorDetail: null,
      refusal: null,
    })),
    setError: assign((_, params: { code: CheckoutErrorCode; error?: unknown }) => ({
      lastError: params.code,
      errorDetail: errorCodeOf(params.error),
      refusal: refusalOf(params.error),
    })),
    clearError: assign({ lastError: null, errorDetail: null, refusal: null }),
    // The server's whole order (gateway, checkout page or key), kept for openGateway.
    setOrder: assign(({ context }, params: PaymentOrderAnswer) => ({
      orderId: params.orderId,
      order: params,
      watchedId: params.paymentId ?? context.watchedId,
      payment: null,
    })),
    setPayment: assign((_, params: GatewayResult) => ({
      paymentId: params.paymentId ?? null,
      signature: params.signature ?? null,
    })),
    setWatched: assign((_, params: WatchedPayment) => ({ payment: params.payment, status: params.status })),
    setStatus: assign((_, params: { status: CheckoutStatus }) => ({ status: params.status })),
    // A refusal that cannot change on a second press withdraws the offer ("Try again" goes).
    setRetryError: assign(({ context }, params: { error: unknown }) => {
      const detail = errorCodeOf(params.error);
      const ended = detail !== null && RETRY_ENDED_CODES.includes(detail);
      return {
        lastError: 'retryFailed' as const,
        errorDetail: detail,
        refusal: refusalOf(params.error),
        payment: ended && context.payment ? { ...context.payment, retry: null } : context.payment,
      };
    }),
    forwardRefresh: sendTo('watchPayment', { type: 'status.refresh' }),
  },
  guards: {
    // Both look at the applied promo so that can('promo.apply') is false once one is applied.
    isPromoCodeMissing: ({ context }, params: { code: string }) =>
      context.promoCode === null && params.code.trim() === '',
    canApplyPromo: ({ context }, params: { code: string }) => context.promoCode === null && params.code.trim() !== '',
    hasPromo: ({ context }) => context.promoCode !== null,
    hasError: ({ context }) => context.lastError !== null,
    isReturning: ({ context }) => context.watchedId !== null,
    hasOrderId: (_, params: { orderId: string | null | undefined }) =>
      typeof params.orderId === 'string' && params.orderId !== '',
    isSettledOrder: (_, params: PaymentOrderAnswer) => params.status === 'success' && !!params.paymentId,
    isGatewayPaid: (_, params: GatewayResult) =>
      params.outcome === 'success' && !!params.paymentId && !!params.signature,
    isGatewayUnpaid: (_, params: GatewayResult) => params.outcome === 'failed' || params.outcome === 'cancelled',
    isWatchedStatus: (_, params: { actual: CheckoutStatus; expected: readonly CheckoutStatus[] }) =>
      params.expected.includes(params.actual),
    canRetry: ({ context }) => (context.payment?.retry ?? null) !== null && context.watchedId !== null,
    isSupplyStateRequired: (_, params: { error: unknown }) =>
      errorCodeOf(params.error) === PAYMENT_ERROR_CODES.supplyStateRequired,
    hasStateCode: (_, params: { stateCode: string | null }) => params.stateCode !== null,
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    bill: null,
    ticketCount: null,
    promoCode: null,
    enteredPromo: '',
    lastError: null,
    errorDetail: null,
    refusal: null,
    orderId: null,
    order: null as PaymentOrderAnswer | null,
    paymentId: null,
    signature: null,
    watchedId: input?.paymentId ?? null,
    payment: null,
    status: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isReturning', target: 'confirming' }, { target: 'loading' }],
    },
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
        onDone: orderTransitions('ready'),
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
    retrying: {
      invoke: {
        id: 'retryPaymentOrder',
        src: 'retryPaymentOrder',
        input: ({ context }) => ({ paymentId: context.watchedId ?? '' }),
        onDone: orderTransitions('unpaid'),
        onError: {
          target: 'unpaid',
          actions: { type: 'setRetryError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    awaitingGateway: {
      invoke: {
        id: 'openGateway',
        src: 'openGateway',
        input: ({ context }): GatewayInput => ({
          orderId: context.orderId ?? '',
          amount: context.order?.amountPaise ?? context.bill?.grandTotal ?? 0,
          ...(context.order ? { order: context.order } : {}),
        }),
        onDone: [
          {
            guard: { type: 'isGatewayPaid', params: ({ event }) => event.output },
            target: 'verifying',
            actions: { type: 'setPayment', params: ({ event }) => event.output },
          },
          // The gateway said failed or cancelled (and the server was told): what the server makes
          // of it, with the reason and the "Try again" offer, comes from watching the payment.
          { guard: { type: 'isGatewayUnpaid', params: ({ event }) => event.output }, target: 'confirming' },
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
        // Verified or not, the server's status of the payment is the answer (a refused signature
        // leaves it pending until the gateway's webhook or reconciliation says).
        onDone: { target: 'confirming' },
        onError: {
          target: 'error',
          actions: { type: 'setError', params: ({ event }) => ({ code: 'verifyFailed', error: event.error }) },
        },
      },
    },
    confirming: {
      invoke: {
        id: 'watchPayment',
        src: 'watchPayment',
        input: ({ context }) => ({ orderId: context.watchedId ?? '' }),
        onDone: [
          {
            guard: {
              type: 'isWatchedStatus',
              params: ({ event }) => ({ actual: event.output.status, expected: ['success'] as const }),
            },
            target: 'success',
            actions: { type: 'setWatched', params: ({ event }) => event.output },
          },
          {
            guard: {
              type: 'isWatchedStatus',
              params: ({ event }) => ({ actual: event.output.status, expected: ['failed', 'cancelled'] as const }),
            },
            target: 'unpaid',
            actions: { type: 'setWatched', params: ({ event }) => event.output },
          },
          { target: 'error', actions: { type: 'setWatched', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'error',
          actions: { type: 'setError', params: ({ event }) => ({ code: 'verifyFailed', error: event.error }) },
        },
      },
      on: { 'status.refresh': { actions: 'forwardRefresh' } },
    },
    unpaid: {
      on: {
        'checkout.retry': { guard: 'canRetry', target: 'retrying', actions: 'clearError' },
        'error.dismiss': { guard: 'hasError', actions: 'clearError' },
      },
    },
    success: { type: 'final' },
    error: { type: 'final', entry: { type: 'setStatus', params: { status: 'error' } } },
  },
  output: ({ context }) => ({
    status: context.status ?? 'error',
    orderId: context.orderId,
    paymentId: context.watchedId,
  }),
});
