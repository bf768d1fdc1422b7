import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { createNewPassword, sendForgetPasswordOtp, verifyForgetPasswordOtp } from '../../../contract/account-calls.ts';
import { ACCOUNT_MESSAGES, MSG } from '../../../contract/account.ts';
import { useSite } from '../../app/site-context.tsx';
import { Seo } from '../../components/seo.tsx';
import { callApi } from '../../lib/api-client.ts';
import { CodeStep, IdentifierStep, NewPasswordStep } from './code-steps.tsx';
import { Steps } from './form-bits.tsx';
import './account.css';

type Step =
  | { at: 'identifier' }
  | { at: 'code'; identifier: string; notice: string }
  | { at: 'password'; identifier: string; token: string; notice: string };

/** Forgotten password: send a code, verify it (a token comes back), then the new password with that token. */
export default function ForgotPasswordPage() {
  const { href } = useSite();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ at: 'identifier' });
  const send = async (identifier: string) => {
    const sent = await callApi(sendForgetPasswordOtp, { EmailIdOrPhone: identifier });
    return ACCOUNT_MESSAGES.codeSent(sent.sentTo);
  };
  const index = step.at === 'identifier' ? 0 : step.at === 'code' ? 1 : 2;
  return (
    <div className="auth-page">
      <Seo title="Reset your password" description="Set a new password for your Wanderlust Holidays account." noindex />
      <section className="auth-card" aria-labelledby="forgot-heading">
        <h1 id="forgot-heading">Reset your password</h1>
        <Steps steps={['Email or mobile', 'Code', 'New password']} current={index} />
        {step.at === 'identifier' ? (
          <>
            <p className="auth-lead">Enter the email or mobile number of your account and we’ll send you a code.</p>
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
              const { token } = await callApi(verifyForgetPasswordOtp, { OTP: code, EmailIdOrPhone: step.identifier });
              setStep({ at: 'password', identifier: step.identifier, token, notice: MSG.otpVerified });
            }}
          />
        ) : null}
        {step.at === 'password' ? (
          <NewPasswordStep
            notice={step.notice}
            button="Save new password"
            onSubmit={async (NewPassword, ConfirmNewPassword) => {
              await callApi(createNewPassword, { Token: step.token, NewPassword, ConfirmNewPassword });
              navigate(href('/login'), {
                state: { identifier: step.identifier, notice: ACCOUNT_MESSAGES.passwordReset },
              });
            }}
          />
        ) : null}
        <p className="acc-links">
          <Link to={href('/login')}>Back to log in</Link>
        </p>
      </section>
    </div>
  );
}
