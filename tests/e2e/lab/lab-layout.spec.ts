import { expect, test } from '@playwright/test';

const MACHINES = [
  'contest-window',
  'ticket-marking',
  'trial-game',
  'checkout',
  'supply-state',
  'payment-status',
  'session',
  'version-check',
  'otp-resend',
  'login-code',
  'social-signup',
];

test.use({ viewport: { width: 360, height: 740 } });

test('the lab fits a 360 px screen and logs no errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  for (const id of MACHINES) {
    await page.goto(`/lab.html#${id}`);
    await expect(page.getByTestId(`machine-link-${id}`)).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('state-value')).not.toHaveText('');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${id} scrolls sideways`).toBeLessThanOrEqual(0);
    if (process.env.LAB_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.LAB_SCREENSHOTS}/${id}.png`, fullPage: true });
  }
  expect(errors).toEqual([]);
});
