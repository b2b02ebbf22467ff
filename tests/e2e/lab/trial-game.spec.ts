import { expect, test } from '@playwright/test';
import { LabPage } from './lab-page.ts';

test('trial-game: load, mark, reveal, replay to the fourth game, no reset of a solved picture, go to the real game', async ({
  page,
}) => {
  const lab = new LabPage(page);
  await lab.open('trial-game', 'Trial game');
  await lab.expectState('playing');

  await lab.hold('loadPracticePair');
  await lab.actorFails('loadPracticePair', { code: 'NO_GAME_IMAGE' });
  await lab.restart();
  await lab.expectState('loading');
  await lab.release('loadPracticePair');
  await lab.expectState('loadError');
  await lab.expectContext({ errorCode: 'noGameImage' });
  await lab.send('load.retry');
  await lab.actorSucceeds('loadPracticePair');
  await lab.release('loadPracticePair');
  await lab.expectState('playing');
  await lab.expectContext({ gamesPlayed: 1, pairId: 'pair_1', draft: [{ id: 't1', point: null }] });

  await lab.send('ticket.mark', { point: { x: 1200, y: 10 } });
  await lab.expectContext({ lastRejection: { code: 'outOfBounds' } });
  await lab.send('ticket.mark', { point: { x: 420, y: 310 } });

  await lab.hold('submitPractice');
  await lab.actorFails('submitPractice');
  await lab.send('ticket.submit');
  await lab.expectState('submitting');
  await lab.release('submitPractice');
  await lab.expectState('submitError');
  await lab.expectContext({ errorCode: 'submitFailed' });
  await lab.actorSucceeds('submitPractice');
  await lab.send('submit.retry');
  await lab.release('submitPractice');
  await lab.expectState('revealed');
  await lab.expectContext({ result: { ball: { x: 440, y: 330 }, bestTicketId: 't1', ballWidth: 24 } });
  // Reset clears marks while playing; the reveal takes no reset: the solved picture is never offered again.
  await expect(lab.event('trial.reset')).toHaveCount(0);

  // Games two to four, straight through.
  await lab.hold('submitPractice', false);
  await lab.hold('loadPracticePair', false);
  for (let game = 2; game <= 4; game += 1) {
    await lab.send('trial.replay');
    await lab.expectState('playing');
    await lab.expectContext({ gamesPlayed: game });
    await lab.send('ticket.mark', { point: { x: 420, y: 310 } });
    await lab.send('ticket.submit');
    await lab.expectState('revealed');
  }
  await expect(lab.event('trial.replay')).toBeDisabled();
  await expect(lab.event('trial.reset')).toHaveCount(0);
  await lab.expectContext({ gamesPlayed: 4 });
  await lab.send('trial.playReal');
  await lab.expectState('exited', 'done');
  await expect(page.getByTestId('effect-goToRealGame')).toHaveCount(1);
});
