import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { checkResetCode } from '../../api/auth.ts';
import { paths } from '../../shared/paths.ts';
import { AuthShell } from './AuthShell.tsx';
import { readChallenge, saveChallenge } from './code-challenge.ts';
import { CodeForm, MissingChallenge } from './CodeForm.tsx';

/**
 * /otps: the reset code (or the code to set a password, asked for in My account), checked (not
 * used up) before the new password on /createpassword.
 */
export default function OtpsPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [challenge] = useState(() => readChallenge('reset'));

  return (
    <AuthShell
      title={challenge ? t('otps.title') : t('otp.missingTitle')}
      intro={challenge ? (challenge.account ? t('otps.accountIntro') : t('otps.intro')) : undefined}
    >
      {challenge ? (
        <CodeForm
          challenge={challenge}
          onVerify={async (otp) => {
            await checkResetCode(challenge.otpToken, otp);
            saveChallenge({ ...challenge, otp });
            void navigate(paths.createPassword);
          }}
        />
      ) : (
        <MissingChallenge purpose="reset" />
      )}
    </AuthShell>
  );
}
