import { expect, test } from '@playwright/test';
import { LabPage } from './lab-page.ts';

test('session: active, idle, expired after 30 minutes, logged out, and back', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open('session', 'Session');
  await lab.expectState('active');

  await lab.advance(60_000);
  await lab.expectState('idle');
  await lab.send('session.activity');
  await lab.expectState('active');

  // 30 minutes after the last activity, in two jumps of the simulated clock.
  await lab.advance(60_000);
  await lab.expectState('idle');
  await lab.advance(1_740_000 - 1);
  await lab.expectState('idle');
  await lab.advance(1);
  await lab.expectState('expired');
  await expect(page.getByTestId('effect-clearLoginMarker')).toHaveCount(1);

  await lab.send('session.acknowledge');
  await lab.expectState('loggedOut');
  await expect(page.getByTestId('effect-redirectHome')).toHaveCount(1);
  await expect(lab.event('session.activity')).toHaveCount(0);

  await lab.send('session.login');
  await lab.expectState('active');
  await lab.send('session.unauthorized');
  await lab.expectState('loggedOut');
  await expect(page.getByTestId('effect-redirectToLogin')).toHaveCount(1);

  await lab.restart({ loggedIn: false });
  await lab.expectState('loggedOut');
  await expect(lab.history()).toHaveText(['loggedOut']);
});
