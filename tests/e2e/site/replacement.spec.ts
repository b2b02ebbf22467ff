import { expect, test } from '@playwright/test';
import { expectNoSidewaysScroll } from '../support/player.ts';
import { createAdmin, logInAs } from '../support/staff.ts';

// Issue 26: a cancelled contest frees the rest of its window. The operator cancels the contest
// the home page shows, creates a replacement in the remaining window from the cancelled contest's
// own page in the console, and the home page shows the replacement (with a note of the
// cancellation) instead of "cancelled". (The refund part of this journey: the taxdocs spec.)

// A console journey and three home pages: more than the default minute on a busy machine.
test.setTimeout(180_000);

interface CurrentAnswer {
  data: {
    current: { id: string; slot: 'A' | 'B'; state: string; prize: { title: string }; closesAt: string } | null;
    cancelled?: { slot: string; reason: string | null };
  };
}

test('a contest cancelled from the console is replaced in the rest of its window, and the home page shows the replacement (360 px and laptop)', async ({
  page,
}) => {
  const admin = createAdmin('Kabir', 'Das');
  await page.setViewportSize({ width: 1280, height: 800 });
  await logInAs(page, admin);
  const before = (await (await page.request.get('/api/v1/contests/current?lang=en')).json()) as CurrentAnswer;
  const cancelled = before.data.current!;
  expect(cancelled.state).toBe('open');

  // The contest's own page in the console (where an overlap refusal links too): cancel it.
  await page.goto(`/admin/contests/${cancelled.id}?lng=en`);
  const item = page.locator('.contest-item');
  await expect(item).toContainText(`Contest ${cancelled.slot}`);
  await item.getByRole('button', { name: 'Cancel contest' }).click();
  await item.getByLabel('Why is it cancelled?').fill('The picture showed the ball by mistake.');
  await item.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel the contest' }).click();
  await expect(page.locator('.console-notice')).toContainText('has been cancelled');
  await expect(item).toContainText('Cancelled');

  // The replacement: opens now, closes when the cancelled one would have, same show and prize.
  await item.getByRole('button', { name: 'Create a replacement' }).click();
  await expect(page.getByRole('heading', { name: 'New contest' })).toBeVisible();
  await page.getByLabel('Prize title (English)').fill('Replacement: signed bat');
  await page.getByLabel('Prize title (Hindi)').fill('बदले में: हस्ताक्षरित बल्ला');
  await page.screenshot({ path: 'test-results/screens/console-replacement-form-1280-en.png', fullPage: true });
  await page.getByRole('button', { name: 'Create contest' }).click();
  await expect(page.locator('.console-notice')).toContainText('has been created');

  const after = (await (await page.request.get('/api/v1/contests/current?lang=en')).json()) as CurrentAnswer;
  expect(after.data.current!.id).not.toBe(cancelled.id);
  expect(after.data.current).toMatchObject({ state: 'open', prize: { title: 'Replacement: signed bat' } });
  expect(Math.abs(Date.parse(after.data.current!.closesAt) - Date.parse(cancelled.closesAt))).toBeLessThan(60_000);
  expect(after.data.cancelled).toMatchObject({
    slot: cancelled.slot,
    reason: 'The picture showed the ball by mistake.',
  });

  // The home page: the replacement takes entries, the cancellation is a note, not the card.
  for (const [width, height, lng] of [
    [1280, 800, 'en'],
    [360, 740, 'en'],
    [360, 740, 'hi'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`/?lng=${lng}`);
    const card = page.locator('.contest-card');
    await expect(card).toContainText(lng === 'en' ? 'Replacement: signed bat' : 'बदले में: हस्ताक्षरित बल्ला');
    await expect(card.getByRole('note').filter({ hasText: 'The picture showed the ball by mistake.' })).toBeVisible();
    await expect(card).not.toContainText('This contest has been cancelled');
    await expect(card).not.toContainText('यह प्रतियोगिता रद्द कर दी गई है');
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `test-results/screens/home-replacement-${width}-${lng}.png`, fullPage: true });
  }
});
