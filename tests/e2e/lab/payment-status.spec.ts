import { expect, test } from '@playwright/test';
import { LabPage } from './lab-page.ts';

test('payment-status: polls, times out, refreshes, and ends in each final status', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open('payment-status', 'Payment status');

  // The first call answers 'pending' at once: wait for the next poll.
  await lab.expectState('pending.waiting');
  await expect(page.getByTestId('timers')).toContainText('3000 ms timer');

  // Hold the next call to see the machine waiting for it.
  await lab.hold('fetchPaymentStatus');
  await lab.advance(3000);
  await lab.expectState('pending.fetching');
  await expect(page.getByTestId('call-fetchPaymentStatus')).toContainText('"orderId":"order_1"');
  await expect(lab.event('status.refresh')).toHaveCount(0);

  // A failed call is retried with the next poll.
  await lab.actorFails('fetchPaymentStatus');
  await lab.release('fetchPaymentStatus');
  await lab.expectState('pending.waiting');
  await lab.expectContext({ status: 'pending', lastFetchFailed: true });

  // Two minutes after the start the machine stops polling on its own.
  await lab.advance(120_000);
  await lab.expectState('timedOut');
  await expect(page.getByTestId('timers')).toHaveText('None.');

  await lab.send('status.refresh');
  await lab.expectState('refreshing');
  await lab.actorSucceeds('fetchPaymentStatus', { status: 'success' });
  await lab.release('fetchPaymentStatus');
  await lab.expectState('success', 'done');
  await lab.expectContext({ status: 'success', lastFetchFailed: false });

  // The other final statuses, each straight from the first call.
  await lab.hold('fetchPaymentStatus', false);
  for (const status of ['failed', 'cancelled', 'error']) {
    await lab.actorSucceeds('fetchPaymentStatus', { status });
    await lab.restart();
    await lab.expectState(status, 'done');
  }
  await expect(lab.history()).toHaveText(['pending.fetching', 'error']);
});
