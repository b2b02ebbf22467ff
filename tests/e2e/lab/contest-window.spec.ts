import { test } from '@playwright/test';
import { LabPage } from './lab-page.ts';

test('contest-window: upcoming, open and, for a tracked contest, closed', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open('contest-window', 'Contest window');

  // 10:30 IST on a Monday: contest A opens at 12:00.
  await lab.expectState('upcoming');
  await lab.expectContext({ window: { slot: 'A' }, countdown: { days: 0, hours: 1, minutes: 30, seconds: 0 } });

  await lab.send('clock.tick', { now: '2026-03-02T06:30:00.000Z' });
  await lab.expectState('open');
  await lab.expectContext({ target: '2026-03-04T18:29:59.999Z' });

  // Following the schedule, Thursday 00:00 IST shows contest B as upcoming.
  await lab.send('clock.tick', { now: '2026-03-04T18:30:00.000Z' });
  await lab.expectState('upcoming');
  await lab.expectContext({ window: { slot: 'B' } });

  // Tracking contest A, the same moment is 'Game Play Closed!', counting down to the show.
  await lab.send('window.track');
  await lab.expectState('closed');
  await lab.expectContext({
    trackedWindow: { slot: 'A' },
    target: '2026-03-05T15:30:00.000Z',
    countdown: { hours: 21 },
  });
});
