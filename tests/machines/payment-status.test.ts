import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { PaymentAnswer } from '../../domain/payments.ts';
import {
  paymentStatusMachine,
  POLL_INTERVAL_MS,
  POLL_TIMEOUT_MS,
  type PaymentStatusValue,
} from '../../machines/payment-status.machine.ts';
import {
  createModel,
  describeShortestAndSimplePaths,
  placeholderErrors,
  reachableLeafKeys,
  startSut,
  type StateAssertions,
} from './model-harness.ts';

const input = { orderId: 'order_1' };
const done = (status: PaymentStatusValue) =>
  ({ type: 'xstate.done.actor.fetchPaymentStatus', output: { status } }) as const;

function start() {
  return startSut(paymentStatusMachine, input);
}

describe('payment-status machine', () => {
  it('fails loudly where the app forgot to provide an actor', async () => {
    expect(await placeholderErrors(paymentStatusMachine)).toEqual({
      fetchPaymentStatus: 'fetchPaymentStatus not provided',
    });
  });

  it('asks for the status of its order at once', () => {
    const { actor, fakes } = start();
    expect(actor.getSnapshot().value).toEqual({ pending: 'fetching' });
    expect(fakes.lastInput('fetchPaymentStatus')).toEqual({ orderId: 'order_1' });
  });

  it('polls every pollInterval while the server says pending', async () => {
    const { actor, fakes, clock } = start();
    await fakes.resolve('fetchPaymentStatus', { status: 'pending' });
    expect(actor.getSnapshot().value).toEqual({ pending: 'waiting' });
    clock.increment(POLL_INTERVAL_MS - 1);
    expect(fakes.count('fetchPaymentStatus')).toBe(1);
    clock.increment(1);
    expect(actor.getSnapshot().value).toEqual({ pending: 'fetching' });
    expect(fakes.count('fetchPaymentStatus')).toBe(2);
  });

  it.each(['success', 'failed', 'cancelled', 'error'] as const)('stops at the final status %s', async (status) => {
    const { actor, fakes } = start();
    await fakes.resolve('fetchPaymentStatus', { status });
    expect(actor.getSnapshot().value).toBe(status);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ status, payment: null });
  });

  it("keeps the server's last answer about the payment, for the screen (tickets, reason, Try again)", async () => {
    const { actor, fakes, clock } = start();
    const answer = { id: 'p1', status: 'pending' } as unknown as PaymentAnswer;
    await fakes.resolve('fetchPaymentStatus', { status: 'pending', payment: answer });
    expect(actor.getSnapshot().context.payment).toBe(answer);
    clock.increment(POLL_INTERVAL_MS);
    // An answer without the payment keeps the last one.
    await fakes.resolve('fetchPaymentStatus', { status: 'failed' });
    expect(actor.getSnapshot().output).toEqual({ status: 'failed', payment: answer });
  });

  it('treats a status it does not know as error', async () => {
    const { actor, fakes } = start();
    await fakes.resolve('fetchPaymentStatus', { status: 'captured' });
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.status).toBe('error');
  });

  it('retries a failed call with the next poll and remembers that it failed', async () => {
    const { actor, fakes, clock } = start();
    await fakes.reject('fetchPaymentStatus', new Error('offline'));
    expect(actor.getSnapshot().value).toEqual({ pending: 'waiting' });
    expect(actor.getSnapshot().context.lastFetchFailed).toBe(true);
    clock.increment(POLL_INTERVAL_MS);
    await fakes.resolve('fetchPaymentStatus', { status: 'pending' });
    expect(actor.getSnapshot().context.lastFetchFailed).toBe(false);
  });

  it('refreshes on request while waiting, without waiting for the poll', async () => {
    const { actor, fakes } = start();
    await fakes.resolve('fetchPaymentStatus', { status: 'pending' });
    expect(actor.getSnapshot().can({ type: 'status.refresh' })).toBe(true);
    actor.send({ type: 'status.refresh' });
    expect(actor.getSnapshot().value).toEqual({ pending: 'fetching' });
    expect(actor.getSnapshot().can({ type: 'status.refresh' })).toBe(false);
  });

  it('gives up polling after pollTimeout, counted from the start, even mid-call', async () => {
    const { actor, fakes, clock } = start();
    // Fail every call so the machine keeps polling until the time limit.
    for (let t = 0; t < POLL_TIMEOUT_MS; t += POLL_INTERVAL_MS) {
      await fakes.reject('fetchPaymentStatus', new Error('offline'));
      clock.increment(POLL_INTERVAL_MS);
    }
    expect(actor.getSnapshot().value).toBe('timedOut');
    expect(fakes.count('fetchPaymentStatus')).toBe(POLL_TIMEOUT_MS / POLL_INTERVAL_MS);
    clock.increment(10 * POLL_INTERVAL_MS);
    expect(fakes.count('fetchPaymentStatus')).toBe(POLL_TIMEOUT_MS / POLL_INTERVAL_MS);
  });

  it('after the time limit asks again only when told to', async () => {
    const { actor, fakes, clock } = start();
    clock.increment(POLL_TIMEOUT_MS);
    expect(actor.getSnapshot().value).toBe('timedOut');
    actor.send({ type: 'status.refresh' });
    expect(actor.getSnapshot().value).toBe('refreshing');
    await fakes.resolve('fetchPaymentStatus', { status: 'pending' });
    expect(actor.getSnapshot().value).toBe('timedOut');
    actor.send({ type: 'status.refresh' });
    await fakes.reject('fetchPaymentStatus', new Error('offline'));
    expect(actor.getSnapshot().value).toBe('timedOut');
    expect(actor.getSnapshot().context.lastFetchFailed).toBe(true);
    actor.send({ type: 'status.refresh' });
    await fakes.resolve('fetchPaymentStatus', { status: 'success' });
    expect(actor.getSnapshot().value).toBe('success');
  });
});

describe('payment-status model', () => {
  const setup = createModel({
    machine: paymentStatusMachine,
    input,
    events: [
      done('pending'),
      done('success'),
      done('failed'),
      done('cancelled'),
      done('error'),
      { type: 'xstate.error.actor.fetchPaymentStatus', error: { code: 'NETWORK' } },
    ],
  });

  const settled = (status: PaymentStatusValue) => (snapshot: { status: string; context: { status: string } }) => {
    expect(snapshot.status).toBe('done');
    expect(snapshot.context.status).toBe(status);
  };
  const assertions: StateAssertions<SnapshotFrom<typeof paymentStatusMachine>> = {
    'pending.fetching': (snapshot, sut) => {
      expect(snapshot.context.status).toBe('pending');
      expect(sut.fakes.lastInput('fetchPaymentStatus')).toEqual(input);
    },
    'pending.waiting': (snapshot) => {
      expect(snapshot.context.status).toBe('pending');
      expect(snapshot.can({ type: 'status.refresh' })).toBe(true);
    },
    timedOut: (snapshot) => {
      expect(snapshot.context.status).toBe('pending');
      expect(snapshot.can({ type: 'status.refresh' })).toBe(true);
    },
    refreshing: (snapshot) => expect(snapshot.can({ type: 'status.refresh' })).toBe(false),
    success: settled('success'),
    failed: settled('failed'),
    cancelled: settled('cancelled'),
    error: settled('error'),
  };

  it('has an assertion for every reachable state and none for unreachable ones', () => {
    expect(reachableLeafKeys(setup)).toEqual(Object.keys(assertions).sort());
  });

  describeShortestAndSimplePaths(setup, assertions);
});
