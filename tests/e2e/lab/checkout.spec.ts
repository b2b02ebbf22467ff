import { expect, test } from '@playwright/test';
import { LabPage } from './lab-page.ts';

test('checkout: bill, promo, order, gateway and verification, to every final status', async ({ page }) => {
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
  await lab.expectState('success', 'done');

  // The other endings, each from a fresh checkout.
  for (const name of ['createPaymentOrder', 'openGateway', 'verifyPayment']) await lab.hold(name, false);
  const endings: Array<[string, () => Promise<void>]> = [
    ['failed', () => lab.actorSucceeds('openGateway', { outcome: 'failed' })],
    ['cancelled', () => lab.actorSucceeds('openGateway', { outcome: 'cancelled' })],
    ['error', () => lab.actorFails('openGateway')],
  ];
  for (const [status, arrange] of endings) {
    await arrange();
    await lab.restart();
    await lab.expectState('ready');
    await lab.send('checkout.pay');
    await lab.expectState(status, 'done');
  }
  await lab.expectContext({ lastError: 'gatewayFailed', status: 'error' });
});
