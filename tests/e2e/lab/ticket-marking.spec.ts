import { expect, test } from '@playwright/test';
import { LabPage } from './lab-page.ts';

test('ticket-marking: load, mark with the ticket rules, submit through an error', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open('ticket-marking', 'Ticket marking (play screen)');
  await lab.expectState('ready');

  // Loading, a failed load and the retry.
  await lab.hold('loadContest');
  await lab.actorFails('loadContest');
  await lab.restart();
  await lab.expectState('loading');
  await expect(page.getByTestId('call-loadContest')).toContainText('"contestId":"contest_1"');
  await lab.release('loadContest');
  await lab.expectState('loadError');
  await lab.expectContext({ errorCode: 'CONTEST_NOT_FOUND' });
  await lab.send('load.retry');
  await lab.expectState('loading');
  await lab.actorSucceeds('loadContest');
  await lab.release('loadContest');
  await lab.expectState('ready');
  await lab.expectContext({ draft: [{ id: 't1', point: null }], selectedId: 't1', lastRejection: null });

  // Marking, with a refused duplicate of a ticket already bought.
  await lab.send('ticket.mark', { point: { x: 420, y: 310 } });
  await lab.expectContext({ draft: [{ id: 't1', point: { x: 420, y: 310 } }] });
  await expect(page.getByTestId('effect-persistDraft')).toHaveCount(1);
  await expect(lab.event('rejection.dismiss')).toBeDisabled();
  await lab.send('ticket.mark', { point: { x: 10, y: 10 } });
  await lab.expectContext({ lastRejection: { code: 'duplicateCoordinates' } });
  await lab.send('rejection.dismiss');
  await lab.expectContext({ lastRejection: null });

  // A second ticket, an early submit, removing it again.
  await lab.send('ticket.add');
  await lab.expectContext({ selectedId: 't2' });
  await lab.send('ticket.submit');
  await lab.expectContext({ lastRejection: { code: 'unmarkedTickets', count: 1 } });
  await lab.send('ticket.remove', { id: 't2' });
  await lab.expectContext({ draft: [{ id: 't1', point: { x: 420, y: 310 } }], selectedId: 't1' });
  await lab.page.getByTestId('payload-ticket.select').fill('{"id": "t9"}');
  await expect(lab.event('ticket.select')).toBeDisabled();

  // Submitting fails, then goes through.
  await lab.hold('submitTickets');
  await lab.actorFails('submitTickets');
  await lab.send('ticket.submit');
  await lab.expectState('submitting');
  await expect(page.getByTestId('call-submitTickets')).toContainText('"tickets":[{"x":420,"y":310}]');
  await lab.release('submitTickets');
  await lab.expectState('submitError');
  await lab.expectContext({ errorCode: 'TICKETS_SOLD_OUT' });
  await lab.send('submit.cancel');
  await lab.expectState('ready');
  await lab.send('ticket.submit');
  await lab.expectState('submitting');
  await lab.release('submitTickets');
  await lab.expectState('submitError');
  await lab.actorSucceeds('submitTickets');
  await lab.send('submit.retry');
  await lab.release('submitTickets');
  // The entry sheet is open over the board (issue 25); closing it reloads the contest.
  await lab.expectState('submitted');
  await expect(page.getByTestId('effect-clearDraft')).toContainText('contest_1');
  await lab.expectContext({ submitted: { kind: 'cart' } });
  await lab.send('entry.close');
  await lab.expectState('loading');
  await lab.release('loadContest');
  await lab.expectState('ready');
  await lab.expectContext({ submitted: null });
});
