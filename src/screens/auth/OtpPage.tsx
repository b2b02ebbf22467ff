import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { verifySignupCode } from '../../api/auth.ts';
import { loginMarker } from '../../shared/login-marker.ts';
import { welcomeState } from '../../shared/welcome.ts';
import { AuthShell } from './AuthShell.tsx';
import { clearChallenge, readChallenge } from './code-challenge.ts';
import { CodeForm, MissingChallenge } from './CodeForm.tsx';
import { landingAfterLogin } from './return-to.ts';

/**
 * /otp: the sign-up code; a right one activates the account, logs the player in and lands on the
 * page they were going to (else the contest) with a welcome.
 */
export default function OtpPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [challenge] = useState(() => readChallenge('signup'));

  return (
    <AuthShell
      title={challenge ? t('otp.title') : t('otp.missingTitle')}
      intro={challenge ? t('otp.intro') : undefined}
    >
      {challenge ? (
        <CodeForm
          challenge={challenge}
          onVerify={async (otp) => {
            const answer = await verifySignupCode(challenge.otpToken, otp);
            clearChallenge();
            loginMarker.set();
            void navigate(landingAfterLogin(challenge.returnTo ?? null), {
              replace: true,
              state: welcomeState(answer.data.user.firstName),
            });
          }}
        />
      ) : (
        <MissingChallenge purpose="signup" />
      )}
    </AuthShell>
  );
}
