import { describe, expect, it } from 'vitest';
import { checkoutMachine, promoErrorCode } from '../../machines/checkout.machine.ts';
import {
  bill,
  cancelledGone,
  failedHeld,
  order1,
  paid,
  promoBill,
  retryOrder,
  settledOrder,
  succeeded,
} from './checkout.fixtures.ts';
import { placeholderErrors, startSut } from './model-harness.ts';

async function ready() {
  const sut = startSut(checkoutMachine);
  await sut.fakes.resolve('loadBill', bill);
  return sut;
}

async function atGateway() {
  const sut = await ready();
  sut.actor.send({ type: 'checkout.pay' });
  await sut.fakes.resolve('createPaymentOrder', order1);
  return sut;
}

async function unpaid() {
  const sut = await atGateway();
  await sut.fakes.resolve('openGateway', { outcome: 'failed' });
  await sut.fakes.resolve('watchPayment', failedHeld);
  return sut;
}

describe('checkout machine: bill and promo', () => {
  it('fails loudly where the app forgot to provide an actor', async () => {
    expect(await placeholderErrors(checkoutMachine)).toEqual({
      loadBill: 'loadBill not provided',
      applyPromo: 'applyPromo not provided',
      removePromo: 'removePromo not provided',
      createPaymentOrder: 'createPaymentOrder not provided',
      retryPaymentOrder: 'retryPaymentOrder not provided',
      openGateway: 'openGateway not provided',
      verifyPayment: 'verifyPayment not provided',
      watchPayment: 'watchPayment not provided',
    });
  });

  it('maps promo failures to stable codes', () => {
    expect(promoErrorCode({ code: 'INVALID_PROMO' })).toBe('invalidPromo');
    expect(promoErrorCode({ code: 'PROMO_EXPIRED' })).toBe('promoFailed');
    expect(promoErrorCode(new Error('offline'))).toBe('promoFailed');
  });

  it('loads the bill and how many tickets it is for', async () => {
    const { actor, fakes } = startSut(checkoutMachine);
    expect(actor.getSnapshot().value).toBe('loading');
    await fakes.resolve('loadBill', { bill, promoCode: null, ticketCount: 2 });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ bill, ticketCount: 2 });
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
    expect(fakes.lastInput('applyPromo')).toEqual({ code: 'SAVE10' });
    await fakes.resolve('applyPromo', promoBill);
    expect(actor.getSnapshot().context).toMatchObject({ bill: promoBill, promoCode: 'SAVE10', lastError: null });
    // Cannot be applied twice.
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
    expect(actor.getSnapshot().context).toMatchObject({ bill, promoCode: null, lastError: code });
  });
});

describe('checkout machine: paying', () => {
  it('creates an order for the bill shown, then opens the gateway for the order', async () => {
    const { actor, fakes } = await ready();
    actor.send({ type: 'promo.apply', code: 'SAVE10' });
    await fakes.resolve('applyPromo', promoBill);
    actor.send({ type: 'checkout.pay' });
    expect(actor.getSnapshot().value).toBe('creatingOrder');
    expect(fakes.lastInput('createPaymentOrder')).toEqual({ promoCode: 'SAVE10', grandTotal: promoBill.grandTotal });
    await fakes.resolve('createPaymentOrder', order1);
    expect(actor.getSnapshot().value).toBe('awaitingGateway');
    expect(actor.getSnapshot().context.watchedId).toBe('p1');
    expect(fakes.lastInput('openGateway')).toEqual({
      orderId: 'order_1',
      amount: order1.amountPaise,
      order: order1,
    });
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
    await fakes.resolve('createPaymentOrder', order1);
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

  it.each([{}, { orderId: null }, { orderId: '' }])('says the order id is missing for %o', async (answer) => {
    const { actor, fakes } = await ready();
    actor.send({ type: 'checkout.pay' });
    await fakes.resolve('createPaymentOrder', answer);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.lastError).toBe('orderIdMissing');
  });

  it('keeps the server reason when an order is refused', async () => {
    const { actor, fakes } = await ready();
    actor.send({ type: 'checkout.pay' });
    await fakes.reject('createPaymentOrder', { code: 'PAID_PLAY_SUSPENDED' });
    expect(actor.getSnapshot().context).toMatchObject({ lastError: 'orderFailed', errorDetail: 'PAID_PLAY_SUSPENDED' });
  });

  it("keeps the server's refusal of an order or a retry for the screen, until the next try", async () => {
    const { actor, fakes } = await ready();
    actor.send({ type: 'checkout.pay' });
    const refused = { code: 'GAME_PLAY_CLOSED', message: 'Game play is closed.', status: 409 };
    await fakes.reject('createPaymentOrder', refused);
    expect(actor.getSnapshot().context).toMatchObject({ lastError: 'orderFailed', refusal: refused });
    actor.send({ type: 'checkout.pay' });
    expect(actor.getSnapshot().context.refusal).toBeNull();
    // No answer (a lost connection): nothing of the server's to say.
    await fakes.reject('createPaymentOrder', { code: 'NETWORK', message: 'Network Error', status: null });
    expect(actor.getSnapshot().context).toMatchObject({ lastError: 'orderFailed', errorDetail: null, refusal: null });

    const back = await unpaid();
    back.actor.send({ type: 'checkout.retry' });
    const notRetryable = { code: 'PAYMENT_NOT_RETRYABLE', message: 'No longer held.', status: 409 };
    await back.fakes.reject('retryPaymentOrder', notRetryable);
    expect(back.actor.getSnapshot().context).toMatchObject({ lastError: 'retryFailed', refusal: notRetryable });
  });

  it('verifies a paid gateway result, then watches the payment to success', async () => {
    const { actor, fakes } = await atGateway();
    await fakes.resolve('openGateway', paid);
    expect(actor.getSnapshot().value).toBe('verifying');
    expect(fakes.lastInput('verifyPayment')).toEqual({ orderId: 'order_1', paymentId: 'pay_1', signature: 'sig_1' });
    await fakes.resolve('verifyPayment', { verified: true });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(fakes.lastInput('watchPayment')).toEqual({ orderId: 'p1' });
    await fakes.resolve('watchPayment', succeeded);
    expect(actor.getSnapshot().value).toBe('success');
    expect(actor.getSnapshot().output).toEqual({ status: 'success', orderId: 'order_1', paymentId: 'p1' });
    expect(actor.getSnapshot().context.payment).toEqual(succeeded.payment);
  });

  it('a zero bill is settled with the order: no gateway, straight to the outcome', async () => {
    const { actor, fakes } = await ready();
    actor.send({ type: 'checkout.pay' });
    await fakes.resolve('createPaymentOrder', settledOrder);
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(fakes.count('openGateway')).toBe(0);
    expect(fakes.lastInput('watchPayment')).toEqual({ orderId: 'p9' });
  });

  it.each([
    [{ outcome: 'cancelled' }, 'confirming'],
    [{ outcome: 'failed', paymentId: 'pay_1' }, 'confirming'],
    [{ outcome: 'success' }, 'error'],
    [{ outcome: 'success', paymentId: 'pay_1' }, 'error'],
  ] as const)('gateway answer %o goes to %s', async (answer, state) => {
    const { actor, fakes } = await atGateway();
    await fakes.resolve('openGateway', answer);
    expect(actor.getSnapshot().value).toBe(state);
    expect(fakes.count('verifyPayment')).toBe(0);
  });

  it('ends in error when the gateway cannot open or verifying fails', async () => {
    const first = await atGateway();
    await first.fakes.reject('openGateway', { code: 'SCRIPT_LOAD_FAILED' });
    expect(first.actor.getSnapshot().output).toEqual({ status: 'error', orderId: 'order_1', paymentId: 'p1' });
    expect(first.actor.getSnapshot().context).toMatchObject({
      lastError: 'gatewayFailed',
      errorDetail: 'SCRIPT_LOAD_FAILED',
    });
    const second = await atGateway();
    await second.fakes.resolve('openGateway', paid);
    await second.fakes.reject('verifyPayment', new Error('offline'));
    expect(second.actor.getSnapshot().context.lastError).toBe('verifyFailed');
  });
});

describe('checkout machine: after a failed payment (issue 25)', () => {
  it('offers "Try again" while the tickets are held: a new order on the same tickets, to the gateway', async () => {
    const { actor, fakes } = await unpaid();
    expect(actor.getSnapshot().value).toBe('unpaid');
    expect(actor.getSnapshot().context).toMatchObject({ status: 'failed', payment: failedHeld.payment });
    expect(actor.getSnapshot().can({ type: 'checkout.retry' })).toBe(true);
    actor.send({ type: 'checkout.retry' });
    expect(actor.getSnapshot().value).toBe('retrying');
    expect(fakes.lastInput('retryPaymentOrder')).toEqual({ paymentId: 'p1' });
    await fakes.resolve('retryPaymentOrder', retryOrder);
    expect(actor.getSnapshot().value).toBe('awaitingGateway');
    expect(actor.getSnapshot().context).toMatchObject({ watchedId: 'p2', orderId: 'order_2', payment: null });
    await fakes.resolve('openGateway', paid);
    await fakes.resolve('verifyPayment', { verified: true });
    expect(fakes.lastInput('watchPayment')).toEqual({ orderId: 'p2' });
    await fakes.resolve('watchPayment', succeeded);
    expect(actor.getSnapshot().value).toBe('success');
  });

  it('offers nothing to try again once the tickets are no longer held', async () => {
    const { actor, fakes } = await atGateway();
    await fakes.resolve('openGateway', { outcome: 'cancelled' });
    await fakes.resolve('watchPayment', cancelledGone);
    expect(actor.getSnapshot().value).toBe('unpaid');
    expect(actor.getSnapshot().context.status).toBe('cancelled');
    expect(actor.getSnapshot().can({ type: 'checkout.retry' })).toBe(false);
  });

  it.each([
    [{ code: 'PAYMENT_NOT_RETRYABLE' }, false],
    [{ code: 'PAID_PLAY_SUSPENDED' }, false],
    [new Error('offline'), true],
  ] as const)(
    'a refused retry (%o) says why, and withdraws the offer only when it cannot change',
    async (error, again) => {
      const { actor, fakes } = await unpaid();
      actor.send({ type: 'checkout.retry' });
      await fakes.reject('retryPaymentOrder', error);
      expect(actor.getSnapshot().value).toBe('unpaid');
      expect(actor.getSnapshot().context.lastError).toBe('retryFailed');
      expect(actor.getSnapshot().can({ type: 'checkout.retry' })).toBe(again);
    },
  );

  it('started with a payment (back from a hosted gateway page) it only watches that payment', async () => {
    const { actor, fakes } = startSut(checkoutMachine, { paymentId: 'p7' });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(fakes.count('loadBill')).toBe(0);
    expect(fakes.lastInput('watchPayment')).toEqual({ orderId: 'p7' });
    // A refresh is passed on to the watcher (the payment-status machine); the state stays.
    actor.send({ type: 'status.refresh' });
    expect(actor.getSnapshot().value).toBe('confirming');
    await fakes.resolve('watchPayment', { status: 'error', payment: null });
    expect(actor.getSnapshot().output).toEqual({ status: 'error', orderId: null, paymentId: 'p7' });
  });
});
