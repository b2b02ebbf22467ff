import { expect, test } from '@playwright/test';
import { LabPage } from './lab-page.ts';

test('otp-resend: counts down, is ready, sends, and follows or ignores a refusal', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open('otp-resend', 'OTP resend');

  // Three seconds of the cooldown left: the button counts them down, one a second.
  await lab.expectState('cooling');
  await lab.expectContext({ secondsLeft: 3, notice: null });
  await expect(page.getByTestId('timers')).toContainText('1000 ms timer');
  await expect(lab.event('otp.resend')).toHaveCount(0);
  await lab.advance(1000);
  await lab.expectState('cooling');
  await lab.expectContext({ secondsLeft: 2 });
  await lab.advance(2000);
  await lab.expectState('ready');
  await lab.expectContext({ secondsLeft: 0, notice: null });
  await expect(page.getByTestId('timers')).toHaveText('None.');

  // A new code goes out: a full cooldown, and the screen says so.
  await lab.hold('resendCode');
  await lab.send('otp.resend');
  await lab.expectState('sending');
  await expect(page.getByTestId('call-resendCode')).toHaveCount(1);
  await expect(lab.event('otp.resend')).toHaveCount(0);
  await lab.release('resendCode');
  await lab.expectState('cooling');
  await lab.expectContext({ secondsLeft: 60, notice: { ok: true } });
  await lab.advance(59_000);
  await lab.expectContext({ secondsLeft: 1 });
  await lab.advance(1000);
  await lab.expectState('ready');

  // The server's cooldown refuses it and names a wait: that wait is counted down instead.
  await lab.actorFails('resendCode');
  await lab.send('otp.resend');
  await lab.expectState('sending');
  await lab.release('resendCode');
  await lab.expectState('cooling');
  await lab.expectContext({
    secondsLeft: 5,
    notice: { ok: false, message: 'Please wait 5 seconds before asking for a new code.' },
  });
  await lab.advance(5000);
  await lab.expectState('ready');

  // A refusal without a wait: ready again at once, with the refusal's message.
  await lab.actorFails('resendCode', { message: 'The code has expired. Ask for a new one.' });
  await lab.send('otp.resend');
  await lab.release('resendCode');
  await lab.expectState('ready');
  await lab.expectContext({
    secondsLeft: 0,
    notice: { ok: false, message: 'The code has expired. Ask for a new one.' },
  });
  await expect(lab.history()).toHaveText([
    'cooling',
    'ready',
    'sending',
    'cooling',
    'ready',
    'sending',
    'cooling',
    'ready',
    'sending',
    'ready',
  ]);

  // The cooldown already over when the screen opens: ready from the start.
  await lab.restart({ secondsLeft: 0 });
  await lab.expectState('ready');
  await expect(lab.history()).toHaveText(['ready']);
});
