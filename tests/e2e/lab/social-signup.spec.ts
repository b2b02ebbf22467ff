import { expect, test } from '@playwright/test';
import { LabPage } from './lab-page.ts';

test('social-signup: submitting, failed until OK, succeeded for 1 s or until continued, then done', async ({
  page,
}) => {
  const lab = new LabPage(page);
  await lab.open('social-signup', 'Social sign-up');
  await lab.expectState('editing');
  await expect(lab.event('failure.dismiss')).toHaveCount(0);

  // The submit waits for the server ('Loading...') with the values typed.
  await lab.hold('submitSignup');
  await lab.send('signup.submit');
  await lab.expectState('submitting');
  await expect(page.getByTestId('call-submitSignup')).toContainText('"first_name":"Asha"');
  await expect(lab.event('signup.submit')).toHaveCount(0);

  // Refused: 'Social Signup Failed' until OK, and nothing is cleared.
  await lab.actorFails('submitSignup');
  await lab.release('submitSignup');
  await lab.expectState('failed');
  await lab.expectContext({ error: { message: 'This phone number is already registered.' } });
  await lab.send('failure.dismiss');
  await lab.expectState('editing');
  await expect(page.getByTestId('effects')).toHaveCount(0);

  // Accepted: the server's message stays up for exactly 1 second, then the draft goes and the
  // code's screen opens (the code proves the number, then logs in).
  await lab.actorSucceeds('submitSignup');
  await lab.send('signup.submit');
  await lab.expectState('submitting');
  await lab.release('submitSignup');
  await lab.expectState('succeeded');
  await lab.expectContext({
    message: 'We have sent a 6-digit code to your phone.',
    otpToken: 'c0ffee00-0000-4000-8000-000000000002',
    error: null,
  });
  await expect(page.getByTestId('timers')).toContainText('1000 ms timer');
  await lab.advance(999);
  await lab.expectState('succeeded');
  await expect(page.getByTestId('effects')).toHaveCount(0);
  await lab.advance(1);
  await lab.expectState('done', 'done');
  await expect(page.getByTestId('effects').locator('li')).toHaveText([/^clearDraft/, /^goToCode/]);
  await expect(lab.history()).toHaveText([
    'editing',
    'submitting',
    'failed',
    'editing',
    'submitting',
    'succeeded',
    'done',
  ]);

  // The user may go on before the second is up.
  await lab.hold('submitSignup', false);
  await lab.restart();
  await lab.send('signup.submit');
  await lab.expectState('succeeded');
  await lab.send('success.continue');
  await lab.expectState('done', 'done');
  await expect(page.getByTestId('effect-goToCode')).toHaveCount(1);
  await expect(lab.history()).toHaveText(['editing', 'submitting', 'succeeded', 'done']);
});
