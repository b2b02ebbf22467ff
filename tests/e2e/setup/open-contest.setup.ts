import path from 'node:path';
import { expect, test } from '@playwright/test';
import { openContestNow } from '../../../scripts/open-contest-now.ts';

// Runs before the site's specs (playwright.config.ts): they mark and buy tickets in the current
// contest, which at night, between two windows, is yet to open.
test('the current contest takes entries', async ({ request }) => {
  openContestNow(path.join(process.env.E2E_DATA_DIR!, 'cricspot.sqlite'));
  const answer = (await (await request.get('/api/v1/contests/current?lang=en')).json()) as {
    data: { current: { state: string } | null };
  };
  expect(answer.data.current?.state).toBe('open');
});
