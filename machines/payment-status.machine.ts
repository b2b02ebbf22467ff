import { assign, fromPromise, setup } from 'xstate';
import type { PaymentAnswer } from '../domain/payments.ts';

/** The transaction statuses of the spec (section 4). */
export type PaymentStatusValue = 'pending' | 'success' | 'failed' | 'cancelled' | 'error';
export type FinalPaymentStatus = Exclude<PaymentStatusValue, 'pending'>;

export const POLL_INTERVAL_MS = 3_000;
export const POLL_TIMEOUT_MS = 120_000;

export interface PaymentStatusReport {
  status: PaymentStatusValue;
  /** The server's whole answer, when the actor has it: the screens show its tickets, reason and retry. */
  payment?: PaymentAnswer;
}

export type PaymentStatusEvent = { type: 'status.refresh' };

export interface PaymentStatusContext {
  orderId: string;
  status: PaymentStatusValue;
  /** The last answer about the payment; null until one has come. */
  payment: PaymentAnswer | null;
  /** The last call to fetchPaymentStatus failed; polling carries on regardless. */
  lastFetchFailed: boolean;
}

/**
 * Watches one payment until the server reports a final status. While it is pending the server
 * is asked every pollInterval; after pollTimeout the screen stops asking on its own (timedOut:
 * the server still says pending, the gateway has not confirmed yet) and only a manual refresh asks
 * again. A failed call is not a payment failure: it is retried with the next poll.
 */
export const paymentStatusMachine = setup({
  types: {
    input: {} as { orderId: string },
    context: {} as PaymentStatusContext,
    events: {} as PaymentStatusEvent,
    output: {} as { status: FinalPaymentStatus; payment: PaymentAnswer | null },
  },
  actors: {
    fetchPaymentStatus: fromPromise<PaymentStatusReport, { orderId: string }>(async () => {
      throw new Error('fetchPaymentStatus not provided');
    }),
  },
  actions: {
    setStatus: assign(({ context }, params: { status: PaymentStatusValue; payment?: PaymentAnswer }) => ({
      status: params.status,
      payment: params.payment ?? context.payment,
      lastFetchFailed: false,
    })),
    markFetchFailed: assign({ lastFetchFailed: true }),
  },
  guards: {
    isFinalReport: (_, params: { status: PaymentStatusValue }) => params.status !== 'pending',
    isStatus: ({ context }, params: { status: PaymentStatusValue }) => context.status === params.status,
  },
  delays: {
    pollInterval: POLL_INTERVAL_MS,
    pollTimeout: POLL_TIMEOUT_MS,
  },
}).createMachine({
  id: 'paymentStatus',
  context: ({ input }) => ({ orderId: input.orderId, status: 'pending', payment: null, lastFetchFailed: false }),
  initial: 'pending',
  states: {
    pending: {
      initial: 'fetching',
      after: { pollTimeout: 'timedOut' },
      states: {
        fetching: {
          invoke: {
            id: 'fetchPaymentStatus',
            src: 'fetchPaymentStatus',
            input: ({ context }) => ({ orderId: context.orderId }),
            onDone: [
              {
                guard: { type: 'isFinalReport', params: ({ event }) => ({ status: event.output.status }) },
                target: '#paymentStatus.settling',
                actions: { type: 'setStatus', params: ({ event }) => event.output },
              },
              {
                target: 'waiting',
                actions: { type: 'setStatus', params: ({ event }) => event.output },
              },
            ],
            onError: { target: 'waiting', actions: 'markFetchFailed' },
          },
        },
        waiting: {
          after: { pollInterval: 'fetching' },
          on: { 'status.refresh': 'fetching' },
        },
      },
    },
    timedOut: {
      on: { 'status.refresh': 'refreshing' },
    },
    refreshing: {
      invoke: {
        id: 'fetchPaymentStatus',
        src: 'fetchPaymentStatus',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: [
          {
            guard: { type: 'isFinalReport', params: ({ event }) => ({ status: event.output.status }) },
            target: 'settling',
            actions: { type: 'setStatus', params: ({ event }) => event.output },
          },
          {
            target: 'timedOut',
            actions: { type: 'setStatus', params: ({ event }) => event.output },
          },
        ],
        onError: { target: 'timedOut', actions: 'markFetchFailed' },
      },
    },
    // Transient: routes a final report to its state; anything unrecognised counts as 'error'.
    settling: {
      always: [
        { guard: { type: 'isStatus', params: { status: 'success' } }, target: 'success' },
        { guard: { type: 'isStatus', params: { status: 'failed' } }, target: 'failed' },
        { guard: { type: 'isStatus', params: { status: 'cancelled' } }, target: 'cancelled' },
        { target: 'error', actions: { type: 'setStatus', params: { status: 'error' } } },
      ],
    },
    success: { type: 'final' },
    failed: { type: 'final' },
    cancelled: { type: 'final' },
    error: { type: 'final' },
  },
  output: ({ context }) => ({
    status: context.status === 'pending' ? 'error' : context.status,
    payment: context.payment,
  }),
});
