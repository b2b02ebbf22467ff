import { expect, test } from '@playwright/test';
import { LabPage } from './lab-page.ts';

test('checkout: bill, promo, order, gateway, verification and the watched payment, to every ending', async ({
  page,
}) => {
  const lab = new LabPage(page);
  await lab.open('checkout', 'Checkout');
  await lab.expectState('ready');

  await lab.hold('loadBill');
  await lab.actorFails('loadBill');
  await lab.restart();
  await lab.expectState('loading');
  await lab.release('loadBill');
  await lab.expectState('loadError');
  await lab.send('load.retry');
  await lab.actorSucceeds('loadBill');
  await lab.release('loadBill');
  await lab.hold('loadBill', false);
  await lab.expectState('ready');
  await lab.expectContext({ bill: { grandTotal: 11180 }, lastError: null });

  // Promo: required, invalid, applied once, removed.
  await lab.send('promo.apply', { code: '' });
  await lab.expectContext({ lastError: 'promoRequired' });
  await lab.send('error.dismiss');
  await lab.hold('applyPromo');
  await lab.actorFails('applyPromo');
  await lab.send('promo.apply', { code: 'NOPE' });
  await lab.expectState('applyingPromo');
  await lab.release('applyPromo');
  await lab.expectState('ready');
  await lab.expectContext({ lastError: 'invalidPromo', errorDetail: 'INVALID_PROMO' });
  await lab.actorSucceeds('applyPromo');
  await lab.send('promo.apply', { code: 'SAVE10' });
  await lab.release('applyPromo');
  await lab.expectContext({ promoCode: 'SAVE10', bill: { grandTotal: 10180 }, lastError: null });
  await expect(lab.event('promo.apply')).toBeDisabled();
  await lab.hold('removePromo');
  await lab.send('promo.remove');
  await lab.expectState('removingPromo');
  await lab.release('removePromo');
  await lab.expectState('ready');
  await lab.expectContext({ promoCode: null, bill: { grandTotal: 11180 } });

  // Paying, one held step at a time.
  for (const name of ['createPaymentOrder', 'openGateway', 'verifyPayment']) await lab.hold(name);
  await lab.send('checkout.pay');
  await lab.expectState('creatingOrder');
  await lab.release('createPaymentOrder');
  await lab.expectState('awaitingGateway');
  await expect(page.getByTestId('call-openGateway')).toContainText('"amount":11180');
  await lab.release('openGateway');
  await lab.expectState('verifying');
  await lab.release('verifyPayment');
  // The payment watched to its end (the payment-status machine in the app).
  await lab.expectState('success', 'done');

  // A failed payment whose tickets are still held: "Try again" makes a new order (issue 25).
  for (const name of ['createPaymentOrder', 'openGateway', 'verifyPayment']) await lab.hold(name, false);
  await lab.actorSucceeds('createPaymentOrder', {
    paymentId: 'p1',
    orderId: 'order_1',
    amountPaise: 11180,
    status: 'pending',
  });
  await lab.actorSucceeds('openGateway', { outcome: 'failed' });
  await lab.actorSucceeds('watchPayment', {
    status: 'failed',
    payment: {
      id: 'p1',
      status: 'failed',
      failureCode: 'declined',
      retry: { amountPaise: 11180, expiresAt: '2026-03-02T05:15:00.000Z' },
    },
  });
  await lab.restart();
  await lab.send('checkout.pay');
  await lab.expectState('unpaid');
  await lab.expectContext({ status: 'failed', watchedId: 'p1' });
  await lab.hold('retryPaymentOrder');
  await lab.actorFails('retryPaymentOrder');
  await lab.send('checkout.retry');
  await lab.expectState('retrying');
  await expect(page.getByTestId('call-retryPaymentOrder')).toContainText('"paymentId":"p1"');
  await lab.release('retryPaymentOrder');
  await lab.expectState('unpaid');
  await lab.expectContext({ lastError: 'retryFailed', errorDetail: 'PAYMENT_NOT_RETRYABLE' });
  await expect(lab.event('checkout.retry')).toBeDisabled();

  // A gateway that cannot open ends in error.
  await lab.actorFails('openGateway');
  await lab.restart();
  await lab.expectState('ready');
  await lab.send('checkout.pay');
  await lab.expectState('error', 'done');
  await lab.expectContext({ lastError: 'gatewayFailed', status: 'error' });
});
