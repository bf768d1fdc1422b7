import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { login, savePasswordPost, validateOtp, validateSignUp } from '../../../contract/account-calls.ts';
import { track } from '../../lib/analytics.ts';
import { ACCOUNT_MESSAGES } from '../../../contract/account.ts';
import { useSettings, useSite } from '../../app/site-context.tsx';
import { Seo } from '../../components/seo.tsx';
import { callApi } from '../../lib/api-client.ts';
import { CodeStep, IdentifierStep, NewPasswordStep } from './code-steps.tsx';
import { finishSignIn, safeCallbackUrl } from './auth-client.ts';
import { Steps } from './form-bits.tsx';
import './account.css';

/**
 * What the code step shows once the server has checked the code (its own words, 'OTP is Validated.', stay the API's).
 */
const CODE_ACCEPTED = 'Code accepted';

type Step =
  | { at: 'identifier' }
  | { at: 'code'; identifier: string; notice: string }
  | { at: 'password'; identifier: string; token: string; notice: string };

/** Sign-up: email or phone → the code we send → a password. */
export default function SignupPage() {
  const { href, site } = useSite();
  const { tokenKey = '' } = useSettings();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Where to go once signed in (a checkout, say): carried on to the login page.
  const callback = safeCallbackUrl(params.get('callbackUrl'), '');
  const loginPath = href('/login') + (callback ? `?callbackUrl=${encodeURIComponent(callback)}` : '');
  const [step, setStep] = useState<Step>({ at: 'identifier' });
  const send = async (identifier: string) => {
    const sent = await callApi(validateSignUp, { EmailIdOrPhone: identifier });
    return ACCOUNT_MESSAGES.codeSent(sent.sentTo);
  };
  const index = step.at === 'identifier' ? 0 : step.at === 'code' ? 1 : 2;
  return (
    <div className="auth-page">
      <Seo
        title="Create your account"
        description="Create a Wanderlust Holidays account with your email or mobile number."
        noindex
      />
      <section className="auth-card" aria-labelledby="signup-heading">
        <h1 id="signup-heading">Create your account</h1>
        <Steps steps={['Email or mobile', 'Code', 'Password']} current={index} />
        {step.at === 'identifier' ? (
          <>
            <p className="auth-lead">We’ll send you a 6-digit code to confirm it’s you.</p>
            <IdentifierStep
              button="Send code"
              onSubmit={async (identifier) => setStep({ at: 'code', identifier, notice: await send(identifier) })}
            />
          </>
        ) : null}
        {step.at === 'code' ? (
          <CodeStep
            sentTo={step.identifier}
            notice={step.notice}
            onResend={() => send(step.identifier)}
            onVerify={async (code) => {
              const { token } = await callApi(validateOtp, { OTP: code, EmailIdOrPhone: step.identifier });
              setStep({ at: 'password', identifier: step.identifier, token, notice: CODE_ACCEPTED });
            }}
          />
        ) : null}
        {step.at === 'password' ? (
          <NewPasswordStep
            notice={step.notice}
            button="Create account"
            onSubmit={async (Password, ConfirmPassword) => {
              await callApi(savePasswordPost, { Token: step.token, Password, ConfirmPassword });
              track('sign_up', { method: step.identifier.includes('@') ? 'email' : 'phone' });
              if (callback) {
                // Signing up on the way to somewhere (a checkout with its hold running): signed in
                // at once and straight back there, the guest's cart and hold coming along.
                try {
                  const r = await callApi(login, { EmailorPhone: step.identifier, Password });
                  await finishSignIn(r.tokan, r.expiresAt, { tokenKey, site });
                  navigate(callback, { replace: true });
                  return;
                } catch {
                  // The account is made all the same: logging in by hand still works.
                }
              }
              navigate(loginPath, { state: { identifier: step.identifier, notice: ACCOUNT_MESSAGES.accountCreated } });
            }}
          />
        ) : null}
        <p className="acc-links">
          <span>
            Already have an account? <Link to={loginPath}>Log in</Link>
          </span>
        </p>
      </section>
    </div>
  );
}
