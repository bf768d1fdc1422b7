import { useState, type FormEvent } from 'react';
import { ACCOUNT_MESSAGES } from '../../../contract/account.ts';
import { changePassword } from '../../../contract/account-calls.ts';
import { callApi } from '../../lib/api-client.ts';
import { FormMessages } from '../../components/form-messages.tsx';
import { PasswordField, messageOf } from './form-bits.tsx';

export function ChangePasswordForm() {
  const [old, setOld] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setSuccess(null);
    if (next.length < 8) return setError('Use at least 8 characters for your password.');
    setBusy(true);
    try {
      await callApi(
        changePassword,
        { OldPassword: old, NewPassword: next, ConfirmNewPassword: confirm },
        { auth: true },
      );
      setSuccess(ACCOUNT_MESSAGES.passwordChanged);
      setOld('');
      setNext('');
      setConfirm('');
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="acc-form" method="post" onSubmit={submit} aria-label="Change password" noValidate>
      <PasswordField
        label="Current password"
        name="current-password"
        autoComplete="current-password"
        required
        value={old}
        onChange={(e) => setOld(e.target.value)}
      />
      <PasswordField
        label="New password"
        hint="At least 8 characters. Other devices will be signed out."
        name="new-password"
        autoComplete="new-password"
        required
        value={next}
        onChange={(e) => setNext(e.target.value)}
      />
      <PasswordField
        label="Confirm new password"
        name="confirm-new-password"
        autoComplete="new-password"
        required
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      <FormMessages error={error} status={success} />
      <div className="acc-actions">
        <button className="button button-primary" disabled={busy}>
          {busy ? 'Saving…' : 'Change password'}
        </button>
      </div>
    </form>
  );
}
