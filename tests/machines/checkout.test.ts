import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { Bill } from '../../domain/money.ts';
import { checkoutMachine, promoErrorCode } from '../../machines/checkout.machine.ts';
import {
  createModel,
  pathName,
  placeholderErrors,
  allLeafKeys,
  pathLeafKeys,
  reachableLeafKeys,
  runPath,
  startSut,
  type StateAssertions,
} from './model-harness.ts';

type Snapshot = SnapshotFrom<typeof checkoutMachine>;

const bill: Bill = {
  itemsTotal: 10_000,
  promoApplied: 0,
  subtotal: 10_000,
  baseAmount: 7_813,
  gstOnEntry: 2_187,
  platformFee: 1_000,
  gstOnPlatformFee: 180,
  totalPlatformFee: 1_180,
  grandTotal: 11_180,
};
const promoBill: Bill = {
  ...bill,
  promoApplied: 1_000,
  subtotal: 9_000,
  baseAmount: 7_031,
  gstOnEntry: 1_969,
  grandTotal: 10_180,
};
const paid = { outcome: 'success', paymentId: 'pay_1', signature: 'sig_1' } as const;

async function ready() {
  const sut = startSut(checkoutMachine);
  await sut.fakes.resolve('loadBill', bill);
  return sut;
}

async function atGateway() {
  const sut = await ready();
  sut.actor.send({ type: 'checkout.pay' });
  await sut.fakes.resolve('createPaymentOrder', { orderId: 'order_1' });
  return sut;
}

describe('checkout machine: bill and promo', () => {
  it('fails loudly where the app forgot to provide an actor', async () => {
    expect(await placeholderErrors(checkoutMachine)).toEqual({
      loadBill: 'loadBill not provided',
      applyPromo: 'applyPromo not provided',
      removePromo: 'removePromo not provided',
      createPaymentOrder: 'createPaymentOrder not provided',
      openGateway: 'openGateway not provided',
      verifyPayment: 'verifyPayment not provided',
    });
  });

  it('maps promo failures to stable codes', () => {
    expect(promoErrorCode({ code: 'INVALID_PROMO' })).toBe('invalidPromo');
    expect(promoErrorCode({ code: 'PROMO_EXPIRED' })).toBe('promoFailed');
    expect(promoErrorCode(new Error('offline'))).toBe('promoFailed');
  });

  it('loads the bill', async () => {
    const { actor } = await ready();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.bill).toEqual(bill);
  });

  it('starts knowing the promo code the server has already applied', async () => {
    const { actor, fakes } = startSut(checkoutMachine);
    await fakes.resolve('loadBill', { bill: promoBill, promoCode: 'SAVE10' });
    expect(actor.getSnapshot().context).toMatchObject({ bill: promoBill, promoCode: 'SAVE10' });
    expect(actor.getSnapshot().can({ type: 'promo.apply', code: 'OTHER' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'promo.remove' })).toBe(true);
    actor.send({ type: 'promo.remove' });
    expect(fakes.lastInput('removePromo')).toEqual({ code: 'SAVE10' });
    await fakes.resolve('removePromo', bill);
    expect(actor.getSnapshot().context).toMatchObject({ bill, promoCode: null });
  });

  it('takes a load without a promo as no promo', async () => {
    const { actor, fakes } = startSut(checkoutMachine);
    await fakes.resolve('loadBill', { bill, promoCode: null });
    expect(actor.getSnapshot().context).toMatchObject({ bill, promoCode: null });
    expect(actor.getSnapshot().can({ type: 'promo.apply', code: 'SAVE10' })).toBe(true);
  });

  it('shows a load error and retries', async () => {
    const { actor, fakes } = startSut(checkoutMachine);
    await fakes.reject('loadBill', { code: 'CART_EMPTY' });
    expect(actor.getSnapshot().value).toBe('loadError');
    expect(actor.getSnapshot().context).toMatchObject({ lastError: 'loadFailed', errorDetail: 'CART_EMPTY' });
    actor.send({ type: 'load.retry' });
    await fakes.resolve('loadBill', bill);
    expect(actor.getSnapshot().context).toMatchObject({ bill, lastError: null, errorDetail: null });
  });

  it.each(['', '   '])('asks for a code before applying (%j)', async (code) => {
    const { actor, fakes } = await ready();
    expect(actor.getSnapshot().can({ type: 'promo.apply', code })).toBe(true);
    actor.send({ type: 'promo.apply', code });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.lastError).toBe('promoRequired');
    expect(fakes.count('applyPromo')).toBe(0);
    actor.send({ type: 'error.dismiss' });
    expect(actor.getSnapshot().context.lastError).toBeNull();
    expect(actor.getSnapshot().can({ type: 'error.dismiss' })).toBe(false);
  });

  it('applies a promo code once, trimmed, and takes the new bill', async () => {
    const { actor, fakes } = await ready();
    actor.send({ type: 'promo.apply', code: ' SAVE10 ' });
    expect(actor.getSnapshot().value).toBe('applyingPromo');
    expect(fakes.lastInput('applyPromo')).toEqual({ code: 'SAVE10' });
    await fakes.resolve('applyPromo', promoBill);
    expect(actor.getSnapshot().context).toMatchObject({ bill: promoBill, promoCode: 'SAVE10', lastError: null });
    expect(actor.getSnapshot().can({ type: 'promo.apply', code: 'OTHER' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'promo.apply', code: '' })).toBe(false);
  });

  it.each([
    [{ code: 'INVALID_PROMO' }, 'invalidPromo'],
    [new Error('offline'), 'promoFailed'],
  ] as const)('keeps the bill when applying fails with %o', async (error, code) => {
    const { actor, fakes } = await ready();
    actor.send({ type: 'promo.apply', code: 'BAD' });
    await fakes.reject('applyPromo', error);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ bill, promoCode: null, lastError: code });
    expect(actor.getSnapshot().can({ type: 'promo.apply', code: 'GOOD' })).toBe(true);
  });

  it('removes the applied promo', async () => {
    const { actor, fakes } = await ready();
    expect(actor.getSnapshot().can({ type: 'promo.remove' })).toBe(false);
    actor.send({ type: 'promo.apply', code: 'SAVE10' });
    await fakes.resolve('applyPromo', promoBill);
    actor.send({ type: 'promo.remove' });
    expect(fakes.lastInput('removePromo')).toEqual({ code: 'SAVE10' });
    await fakes.reject('removePromo', new Error('offline'));
    expect(actor.getSnapshot().context).toMatchObject({ promoCode: 'SAVE10', lastError: 'promoRemoveFailed' });
    actor.send({ type: 'promo.remove' });
    await fakes.resolve('removePromo', bill);
    expect(actor.getSnapshot().context).toMatchObject({ bill, promoCode: null, lastError: null });
  });
});

describe('checkout machine: paying', () => {
  it('creates an order for the bill shown, then opens the gateway for it', async () => {
    const { actor, fakes } = await ready();
    actor.send({ type: 'promo.apply', code: 'SAVE10' });
    await fakes.resolve('applyPromo', promoBill);
    actor.send({ type: 'checkout.pay' });
    expect(actor.getSnapshot().value).toBe('creatingOrder');
    expect(fakes.lastInput('createPaymentOrder')).toEqual({ promoCode: 'SAVE10', grandTotal: promoBill.grandTotal });
    await fakes.resolve('createPaymentOrder', { orderId: 'order_1' });
    expect(actor.getSnapshot().value).toBe('awaitingGateway');
    expect(fakes.lastInput('openGateway')).toEqual({ orderId: 'order_1', amount: promoBill.grandTotal });
  });

  it("asks the player's state when the server needs it for the invoice, then orders again", async () => {
    const { actor, fakes } = await ready();
    actor.send({ type: 'checkout.pay' });
    await fakes.reject('createPaymentOrder', { code: 'SUPPLY_STATE_REQUIRED' });
    expect(actor.getSnapshot().value).toBe('choosingState');
    expect(actor.getSnapshot().context.lastError).toBeNull();
    await fakes.resolve('supplyState', { stateCode: '27' });
    expect(actor.getSnapshot().value).toBe('creatingOrder');
    expect(fakes.count('createPaymentOrder')).toBe(2);
    await fakes.resolve('createPaymentOrder', { orderId: 'order_1' });
    expect(actor.getSnapshot().value).toBe('awaitingGateway');
  });

  it('goes back to the bill, with nothing to say, when the state question is left', async () => {
    const { actor, fakes } = await ready();
    actor.send({ type: 'checkout.pay' });
    await fakes.reject('createPaymentOrder', { code: 'SUPPLY_STATE_REQUIRED' });
    await fakes.resolve('supplyState', { stateCode: null });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.lastError).toBeNull();
    expect(fakes.count('createPaymentOrder')).toBe(1);
  });

  it.each([{}, { orderId: null }, { orderId: '' }])(
    'says the order id is missing for %o, and lets the user try again',
    async (order) => {
      const { actor, fakes } = await ready();
      actor.send({ type: 'checkout.pay' });
      await fakes.resolve('createPaymentOrder', order);
      expect(actor.getSnapshot().value).toBe('ready');
      expect(actor.getSnapshot().context.lastError).toBe('orderIdMissing');
      actor.send({ type: 'checkout.pay' });
      expect(actor.getSnapshot().context.lastError).toBeNull();
      expect(actor.getSnapshot().value).toBe('creatingOrder');
    },
  );

  it('keeps the server reason when an order is refused', async () => {
    const { actor, fakes } = await ready();
    actor.send({ type: 'checkout.pay' });
    await fakes.reject('createPaymentOrder', { code: 'PAID_PLAY_SUSPENDED' });
    expect(actor.getSnapshot().context).toMatchObject({ lastError: 'orderFailed', errorDetail: 'PAID_PLAY_SUSPENDED' });
  });

  it('verifies a paid gateway result and ends in success', async () => {
    const { actor, fakes } = await atGateway();
    await fakes.resolve('openGateway', paid);
    expect(actor.getSnapshot().value).toBe('verifying');
    expect(fakes.lastInput('verifyPayment')).toEqual({ orderId: 'order_1', paymentId: 'pay_1', signature: 'sig_1' });
    await fakes.resolve('verifyPayment', { verified: true });
    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().output).toEqual({ status: 'success', orderId: 'order_1' });
  });

  it('ends in failed when the server does not verify the payment', async () => {
    const { actor, fakes } = await atGateway();
    await fakes.resolve('openGateway', paid);
    await fakes.resolve('verifyPayment', { verified: false });
    expect(actor.getSnapshot().output).toEqual({ status: 'failed', orderId: 'order_1' });
  });

  it('ends in error when verifying fails', async () => {
    const { actor, fakes } = await atGateway();
    await fakes.resolve('openGateway', paid);
    await fakes.reject('verifyPayment', new Error('offline'));
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.lastError).toBe('verifyFailed');
  });

  it.each([
    [{ outcome: 'cancelled' }, 'cancelled', null],
    [{ outcome: 'failed', paymentId: 'pay_1' }, 'failed', null],
    [{ outcome: 'success' }, 'error', 'gatewayFailed'],
    [{ outcome: 'success', paymentId: 'pay_1' }, 'error', 'gatewayFailed'],
  ] as const)('gateway answer %o ends in %s', async (answer, status, lastError) => {
    const { actor, fakes } = await atGateway();
    await fakes.resolve('openGateway', answer);
    expect(actor.getSnapshot().value).toBe(status);
    expect(actor.getSnapshot().context.lastError).toBe(lastError);
    expect(fakes.count('verifyPayment')).toBe(0);
  });

  it('ends in error when the gateway cannot open', async () => {
    const { actor, fakes } = await atGateway();
    await fakes.reject('openGateway', { code: 'SCRIPT_LOAD_FAILED' });
    expect(actor.getSnapshot().output).toEqual({ status: 'error', orderId: 'order_1' });
    expect(actor.getSnapshot().context).toMatchObject({
      lastError: 'gatewayFailed',
      errorDetail: 'SCRIPT_LOAD_FAILED',
    });
  });
});

const final = (status: string) => (snapshot: Snapshot) => {
  expect(snapshot.status).toBe('done');
  expect(snapshot.output).toEqual({ status, orderId: 'order_1' });
};

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
    expect(snapshot.can({ type: 'checkout.pay' })).toBe(true);
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
  awaitingGateway: (snapshot, sut) =>
    expect(sut.fakes.lastInput('openGateway')).toEqual({
      orderId: 'order_1',
      amount: snapshot.context.bill?.grandTotal,
    }),
  verifying: (_, sut) =>
    expect(sut.fakes.lastInput('verifyPayment')).toEqual({
      orderId: 'order_1',
      paymentId: 'pay_1',
      signature: 'sig_1',
    }),
  success: final('success'),
  failed: final('failed'),
  cancelled: final('cancelled'),
  error: (snapshot) => {
    final('error')(snapshot);
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
  { type: 'xstate.done.actor.createPaymentOrder', output: { orderId: 'order_1' } },
  { type: 'xstate.done.actor.createPaymentOrder', output: {} },
  { type: 'xstate.error.actor.createPaymentOrder', error: { code: 'PAID_PLAY_SUSPENDED' } },
  { type: 'xstate.error.actor.createPaymentOrder', error: { code: 'SUPPLY_STATE_REQUIRED' } },
  { type: 'xstate.done.actor.supplyState', output: { stateCode: '27' } },
  { type: 'xstate.done.actor.supplyState', output: { stateCode: null } },
  { type: 'xstate.error.actor.supplyState', error: { message: 'crashed' } },
  { type: 'xstate.done.actor.openGateway', output: paid },
  { type: 'xstate.done.actor.openGateway', output: { outcome: 'success' } },
  { type: 'xstate.done.actor.openGateway', output: { outcome: 'failed' } },
  { type: 'xstate.done.actor.openGateway', output: { outcome: 'cancelled' } },
  { type: 'xstate.error.actor.openGateway', error: { message: 'script failed' } },
  { type: 'xstate.done.actor.verifyPayment', output: { verified: true } },
  { type: 'xstate.done.actor.verifyPayment', output: { verified: false } },
  { type: 'xstate.error.actor.verifyPayment', error: { message: 'offline' } },
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

describe('checkout model: simple paths', () => {
  // Simple paths over the whole graph run into the millions, because every error leaves a
  // slightly different 'ready' behind. Paying and the promo are independent, so each gets its own
  // simple paths with the other one's events left out.
  const payment = createModel({
    machine: checkoutMachine,
    events,
    filterEvents: (_, event) => !['promo.apply', 'promo.remove', 'error.dismiss'].includes(event.type),
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
