import { describe, expect, it } from 'vitest';
import { checkoutMachine } from '../../machines/checkout.machine.ts';
import {
  bill,
  cancelledGone,
  failedHeld,
  order1,
  paid,
  promoBill,
  retryOrder,
  type Snapshot,
  settledOrder,
  succeeded,
} from './checkout.fixtures.ts';
import {
  allLeafKeys,
  createModel,
  pathLeafKeys,
  pathName,
  reachableLeafKeys,
  runPath,
  type StateAssertions,
} from './model-harness.ts';

// The checkout machine's model-based tests: every state reached, every event and payload, from
// the bill and from the way back from a hosted gateway page (issue 25's "Try again" included).

const assertions: StateAssertions<Snapshot> = {
  loading: (snapshot) => expect(snapshot.can({ type: 'checkout.pay' })).toBe(false),
  loadError: (snapshot) => {
    expect(snapshot.context.lastError).toBe('loadFailed');
    expect(snapshot.can({ type: 'load.retry' })).toBe(true);
  },
  ready: (snapshot) => {
    const { bill: shown, promoCode, lastError } = snapshot.context;
    expect(shown).toEqual(promoCode === null ? bill : promoBill);
    expect(snapshot.can({ type: 'promo.apply', code: 'SAVE10' })).toBe(promoCode === null);
    expect(snapshot.can({ type: 'promo.remove' })).toBe(promoCode !== null);
    expect(snapshot.can({ type: 'error.dismiss' })).toBe(lastError !== null);
    // The server's refusal is kept with its error only: dismissed, paid again or loaded, it goes.
    if (lastError === null) expect(snapshot.context.refusal).toBeNull();
    expect(snapshot.can({ type: 'checkout.pay' })).toBe(true);
    expect(snapshot.can({ type: 'checkout.retry' })).toBe(false);
  },
  applyingPromo: (snapshot, sut) =>
    expect(sut.fakes.lastInput('applyPromo')).toEqual({ code: snapshot.context.enteredPromo }),
  removingPromo: (_, sut) => expect(sut.fakes.lastInput('removePromo')).toEqual({ code: 'SAVE10' }),
  creatingOrder: (snapshot, sut) =>
    expect(sut.fakes.lastInput('createPaymentOrder')).toEqual({
      promoCode: snapshot.context.promoCode,
      grandTotal: snapshot.context.bill?.grandTotal,
    }),
  // The first paid order: the state question runs as its own machine (tests/machines/supply-state.test.ts).
  choosingState: (snapshot, sut) => {
    expect(sut.fakes.count('supplyState')).toBeGreaterThan(0);
    expect(snapshot.can({ type: 'checkout.pay' })).toBe(false);
    expect(snapshot.context.lastError).toBeNull();
  },
  retrying: (snapshot, sut) => {
    expect(sut.fakes.lastInput('retryPaymentOrder')).toEqual({ paymentId: snapshot.context.watchedId });
    expect(snapshot.context.lastError).toBeNull();
  },
  awaitingGateway: (snapshot, sut) => {
    const { orderId, order } = snapshot.context;
    expect(sut.fakes.lastInput('openGateway')).toEqual({
      orderId,
      amount: order?.amountPaise ?? snapshot.context.bill?.grandTotal ?? 0,
      ...(order ? { order } : {}),
    });
    expect(snapshot.context.watchedId).toBe(order?.paymentId ?? null);
  },
  verifying: (snapshot, sut) =>
    expect(sut.fakes.lastInput('verifyPayment')).toEqual({
      orderId: snapshot.context.orderId,
      paymentId: 'pay_1',
      signature: 'sig_1',
    }),
  confirming: (snapshot, sut) => {
    expect(sut.fakes.lastInput('watchPayment')).toEqual({ orderId: snapshot.context.watchedId ?? '' });
    expect(snapshot.can({ type: 'status.refresh' })).toBe(true);
  },
  unpaid: (snapshot) => {
    const { payment: shown, status } = snapshot.context;
    expect(['failed', 'cancelled']).toContain(status);
    expect(shown?.status).toBe(status);
    expect(snapshot.can({ type: 'checkout.retry' })).toBe((shown?.retry ?? null) !== null);
    expect(snapshot.can({ type: 'checkout.pay' })).toBe(false);
  },
  success: (snapshot) => {
    expect(snapshot.status).toBe('done');
    expect(snapshot.output).toMatchObject({ status: 'success' });
    expect(snapshot.context.payment?.status).toBe('success');
  },
  error: (snapshot) => {
    expect(snapshot.status).toBe('done');
    expect(snapshot.output).toMatchObject({ status: 'error' });
    // The gateway or verification failed, or the server says the payment ended in error.
    if (snapshot.context.lastError !== null)
      expect(['gatewayFailed', 'verifyFailed']).toContain(snapshot.context.lastError);
  },
};

const events = [
  { type: 'xstate.done.actor.loadBill', output: bill },
  { type: 'xstate.done.actor.loadBill', output: { bill: promoBill, promoCode: 'SAVE10' } },
  { type: 'xstate.error.actor.loadBill', error: { message: 'offline' } },
  { type: 'promo.apply', code: '' },
  { type: 'promo.apply', code: 'SAVE10' },
  { type: 'xstate.done.actor.applyPromo', output: promoBill },
  { type: 'xstate.error.actor.applyPromo', error: { code: 'INVALID_PROMO' } },
  { type: 'xstate.error.actor.applyPromo', error: { message: 'offline' } },
  { type: 'xstate.done.actor.removePromo', output: bill },
  { type: 'xstate.error.actor.removePromo', error: { message: 'offline' } },
  { type: 'xstate.done.actor.createPaymentOrder', output: order1 },
  { type: 'xstate.done.actor.createPaymentOrder', output: settledOrder },
  { type: 'xstate.done.actor.createPaymentOrder', output: {} },
  { type: 'xstate.error.actor.createPaymentOrder', error: { code: 'PAID_PLAY_SUSPENDED' } },
  { type: 'xstate.error.actor.createPaymentOrder', error: { code: 'SUPPLY_STATE_REQUIRED' } },
  { type: 'xstate.done.actor.supplyState', output: { stateCode: '27' } },
  { type: 'xstate.done.actor.supplyState', output: { stateCode: null } },
  { type: 'xstate.error.actor.supplyState', error: { message: 'crashed' } },
  { type: 'xstate.done.actor.retryPaymentOrder', output: retryOrder },
  { type: 'xstate.done.actor.retryPaymentOrder', output: {} },
  { type: 'xstate.error.actor.retryPaymentOrder', error: { code: 'PAYMENT_NOT_RETRYABLE' } },
  { type: 'xstate.error.actor.retryPaymentOrder', error: { message: 'offline' } },
  { type: 'xstate.done.actor.openGateway', output: paid },
  { type: 'xstate.done.actor.openGateway', output: { outcome: 'success' } },
  { type: 'xstate.done.actor.openGateway', output: { outcome: 'failed' } },
  { type: 'xstate.done.actor.openGateway', output: { outcome: 'cancelled' } },
  { type: 'xstate.error.actor.openGateway', error: { message: 'script failed' } },
  { type: 'xstate.done.actor.verifyPayment', output: { verified: true } },
  { type: 'xstate.done.actor.verifyPayment', output: { verified: false } },
  { type: 'xstate.error.actor.verifyPayment', error: { message: 'offline' } },
  { type: 'xstate.done.actor.watchPayment', output: succeeded },
  { type: 'xstate.done.actor.watchPayment', output: failedHeld },
  { type: 'xstate.done.actor.watchPayment', output: cancelledGone },
  { type: 'xstate.done.actor.watchPayment', output: { status: 'error', payment: null } },
  { type: 'xstate.error.actor.watchPayment', error: { message: 'offline' } },
];

describe('checkout model: every event and payload (shortest paths)', () => {
  const setup = createModel({ machine: checkoutMachine, events });

  it('has an assertion for every reachable state and none for unreachable ones', () => {
    expect(reachableLeafKeys(setup)).toEqual(Object.keys(assertions).sort());
  });

  const paths = setup.model.getShortestPaths();
  it('reaches every state of the machine by some path', () => {
    expect(pathLeafKeys(paths)).toEqual(allLeafKeys(checkoutMachine));
  });
  for (const path of paths) it(pathName(path), () => runPath(setup, path, assertions));
});

describe('checkout model: back from a hosted gateway page (shortest paths)', () => {
  const setup = createModel({ machine: checkoutMachine, input: { paymentId: 'p7' }, events });
  const paths = setup.model.getShortestPaths();
  it('watches the payment, then success, error, or unpaid with "Try again" and on to the gateway', () => {
    expect(reachableLeafKeys(setup)).toEqual(
      ['awaitingGateway', 'confirming', 'error', 'retrying', 'success', 'unpaid', 'verifying'].sort(),
    );
  });
  for (const path of paths) it(pathName(path), () => runPath(setup, path, assertions));
});

describe('checkout model: simple paths', () => {
  // Simple paths over the whole graph run into the millions, because every error leaves a
  // slightly different 'ready' behind. Paying and the promo are independent, so each gets its own
  // simple paths with the other one's events left out; paying keeps to one order answer of each
  // kind and one watched outcome of each kind.
  const payment = createModel({
    machine: checkoutMachine,
    events: events.filter(
      (e) =>
        !(e.type === 'xstate.done.actor.retryPaymentOrder' && !('orderId' in (e.output as object))) &&
        !(e.type === 'xstate.error.actor.retryPaymentOrder' && 'message' in (e.error as object)) &&
        !(e.type === 'xstate.done.actor.verifyPayment' && !(e.output as { verified: boolean }).verified),
    ),
    filterEvents: (_, event) =>
      ![
        'promo.apply',
        'promo.remove',
        'error.dismiss',
        'status.refresh',
        'xstate.error.actor.loadBill',
        'xstate.error.actor.supplyState',
      ].includes(event.type),
  });
  const promo = createModel({
    machine: checkoutMachine,
    events,
    filterEvents: (_, event) => !['checkout.pay', 'xstate.error.actor.loadBill'].includes(event.type),
  });

  const paymentPaths = payment.model.getSimplePaths();
  const promoPaths = promo.model.getSimplePaths();
  it('reaches every state each part can reach', () => {
    expect(pathLeafKeys(paymentPaths)).toEqual(reachableLeafKeys(payment));
    expect(pathLeafKeys(promoPaths)).toEqual(reachableLeafKeys(promo));
  });
  describe('payment', () => {
    for (const path of paymentPaths) it(pathName(path), () => runPath(payment, path, assertions));
  });
  describe('promo', () => {
    for (const path of promoPaths) it(pathName(path), () => runPath(promo, path, assertions));
  });
});
