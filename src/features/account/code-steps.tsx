import { useEffect, useState, type FormEvent } from 'react';
import { IDENTIFIER_HINT, OTP_RESEND_SECONDS, normaliseIdentifier } from '../../../contract/account.ts';
import { FormMessages } from '../../components/form-messages.tsx';
import { PasswordField, TextField, messageOf } from './form-bits.tsx';

/** Email or phone: checked here first, then sent to the server, whose message is shown as written. */
export function IdentifierStep({
  initial,
  button,
  onSubmit,
}: {
  initial?: string;
  button: string;
  onSubmit(identifier: string): Promise<void>;
}) {
  const [value, setValue] = useState(initial ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function submit(e: FormEvent) {
    e.preventDefault();
    const id = normaliseIdentifier(value);
    if (!id) {
      setError(IDENTIFIER_HINT);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(id.value);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="acc-form" method="post" onSubmit={submit} noValidate>
      <TextField
        label="Email or mobile number"
        hint="Mobile numbers with their country code, e.g. +971501234567 or +919812345678."
        name="username"
        autoComplete="username"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={value}
        aria-invalid={error ? true : undefined}
        onChange={(e) => setValue(e.target.value)}
      />
      <FormMessages error={error} />
      <button className="button button-primary acc-wide" disabled={busy}>
        {busy ? 'Sending…' : button}
      </button>
    </form>
  );
}

/** The 6-digit code, with a resend that opens again after 60 seconds. */
export function CodeStep({
  sentTo,
  notice,
  onVerify,
  onResend,
}: {
  sentTo: string;
  notice: string;
  onVerify(code: string): Promise<void>;
  onResend(): Promise<string>;
}) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(notice);
  const [wait, setWait] = useState(OTP_RESEND_SECONDS);
  useEffect(() => {
    if (wait <= 0) return;
    const t = window.setTimeout(() => setWait((w) => w - 1), 1000);
    return () => window.clearTimeout(t);
  }, [wait]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError('Enter the 6-digit code we sent you.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onVerify(code);
    } catch (err) {
      setError(messageOf(err));
      setInfo(null);
    } finally {
      setBusy(false);
    }
  }
  async function resend() {
    setError(null);
    try {
      setInfo(await onResend());
      setCode('');
      setWait(OTP_RESEND_SECONDS);
    } catch (err) {
      setError(messageOf(err));
    }
  }
  return (
    <form className="acc-form" method="post" onSubmit={submit} noValidate>
      <TextField
        label="6-digit code"
        hint={`Sent to ${sentTo}. It expires in 10 minutes.`}
        className="acc-code"
        name="one-time-code"
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9]{6}"
        maxLength={6}
        required
        value={code}
        aria-invalid={error ? true : undefined}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
      />
      <FormMessages error={error} status={info} />
      <button className="button button-primary acc-wide" disabled={busy}>
        {busy ? 'Checking…' : 'Verify code'}
      </button>
      <button type="button" className="link-button" disabled={wait > 0} onClick={resend}>
        {wait > 0 ? `Send a new code in ${wait} s` : 'Send a new code'}
      </button>
    </form>
  );
}

/** New password twice; the server judges the match and answers with its own message. */
export function NewPasswordStep({
  notice,
  button,
  onSubmit,
}: {
  notice?: string | null;
  button: string;
  onSubmit(password: string, confirm: string): Promise<void>;
}) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (password.length < 8) {
      setError('Use at least 8 characters for your password.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(password, confirm);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="acc-form" method="post" onSubmit={submit} noValidate>
      <PasswordField
        label="New password"
        hint="At least 8 characters."
        name="new-password"
        autoComplete="new-password"
        required
        minLength={8}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <PasswordField
        label="Confirm password"
        name="confirm-password"
        autoComplete="new-password"
        required
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      <FormMessages error={error} status={error ? null : notice} />
      <button className="button button-primary acc-wide" disabled={busy}>
        {busy ? 'Saving…' : button}
      </button>
    </form>
  );
}
