import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { confirmSetupCall, setupCall } from '../../../contract/admin-staff-calls.ts';
import { STAFF_PASSWORD_MIN, type StaffEnrolment } from '../../../contract/staff.ts';
import { adminApi } from '../admin-api.ts';

/**
 * The one-time set-up link: a password (the link's one use), the authenticator (QR code or the
 * secret), a code, then the recovery codes.
 */
export default function AdminSetupPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [enrolment, setEnrolment] = useState<StaffEnrolment | null>(null);
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const choosePassword = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    if (form.get('password') !== form.get('confirm')) return setError('The two passwords differ.');
    setBusy(true);
    setError('');
    const answer = await adminApi(setupCall, { body: { token, password: String(form.get('password') ?? '') } });
    setBusy(false);
    if (!answer.ok) return setError(answer.message);
    setEnrolment(answer.data);
  };

  const confirm = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!enrolment) return;
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError('');
    const answer = await adminApi(confirmSetupCall, {
      body: { enrolmentToken: enrolment.enrolmentToken, code: String(form.get('code') ?? '').trim() },
    });
    setBusy(false);
    if (!answer.ok) return setError(answer.message);
    setRecovery(answer.data.recoveryCodes);
  };

  return (
    <>
      <title>Set up your account · Back office</title>
      <h1>Set up your back-office account</h1>
      {!token ? <p>This page opens from the set-up link you were sent.</p> : null}
      {token && !enrolment ? (
        <form className="admin-form" method="post" onSubmit={(e) => void choosePassword(e)}>
          <h2>1. Choose a password</h2>
          <label>
            Password (at least {STAFF_PASSWORD_MIN} characters)
            <input
              name="password"
              type="password"
              autoComplete="new-password"
              minLength={STAFF_PASSWORD_MIN}
              required
            />
          </label>
          <label>
            The same password again
            <input name="confirm" type="password" autoComplete="new-password" minLength={STAFF_PASSWORD_MIN} required />
          </label>
          <p role="alert" className="admin-error">
            {error}
          </p>
          <button type="submit" disabled={busy}>
            Continue
          </button>
        </form>
      ) : null}
      {enrolment && !recovery ? (
        <form className="admin-form" method="post" onSubmit={(e) => void confirm(e)}>
          <h2>2. Add the account to your authenticator app</h2>
          <p>
            Scan this code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…) for{' '}
            {enrolment.email}.
          </p>
          <div className="admin-qr" dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }} />
          <p>
            Or type this key into the app: <code data-testid="totp-secret">{enrolment.totpSecret}</code>
          </p>
          <label>
            The six-digit code the app shows now
            <input name="code" autoComplete="one-time-code" inputMode="numeric" pattern="[0-9]{6}" required />
          </label>
          <p role="alert" className="admin-error">
            {error}
          </p>
          <button type="submit" disabled={busy}>
            Confirm
          </button>
        </form>
      ) : null}
      {recovery ? (
        <section>
          <h2>3. Keep your recovery codes</h2>
          <p>
            Each of these signs you in once instead of a code from the app, if you lose your phone. Print them or keep
            them in a password manager: they are not shown again.
          </p>
          <ul className="admin-codes" data-testid="recovery-codes">
            {recovery.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
          <p>
            <Link to="/admin/login">Sign in</Link>
          </p>
        </section>
      ) : null}
    </>
  );
}
