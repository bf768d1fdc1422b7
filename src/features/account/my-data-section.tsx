import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { deleteAccount, downloadMyData } from '../../../contract/account-calls.ts';
import { useSite } from '../../app/site-context.tsx';
import { FormMessages } from '../../components/form-messages.tsx';
import { callApi, callEnvelope } from '../../lib/api-client.ts';
import { signOut } from './auth-client.ts';
import { PasswordField, messageOf } from './form-bits.tsx';

/** Download a copy of my data, and delete my account (privacy policy: PDPL / DPDP Act). */
export function MyDataSection({ hasPassword, email }: { hasPassword: boolean; email: string | null }) {
  const { href } = useSite();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'download' | 'delete' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');

  async function download() {
    setError(null);
    setBusy('download');
    try {
      const data = await callApi(downloadMyData, {}, { auth: true });
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `wanderlust-my-data-${new Date().toISOString().slice(0, 10)}.json`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(null);
    }
  }

  async function remove(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setBusy('delete');
    try {
      const done = await callEnvelope(
        deleteAccount,
        { Password: hasPassword ? password : undefined, Confirm: confirm },
        { auth: true },
      );
      const wallet = await import('../trips/wallet.ts');
      await wallet.clearWallet().catch(() => undefined);
      await signOut(href('/'));
      // The home page says it (its notice), as the mail to the account's address does.
      navigate(href('/'), {
        state: { notice: `${done.message}${email ? ` We have sent a confirmation to ${email}.` : ''}` },
      });
    } catch (err) {
      setError(messageOf(err));
      setBusy(null);
    }
  }

  return (
    <>
      <p className="acc-hint">
        A copy of everything we keep about you: your account, bookings, travellers, payments and documents, as a JSON
        file.
      </p>
      <div className="acc-actions">
        <button type="button" className="button" disabled={busy !== null} onClick={() => void download()}>
          {busy === 'download' ? 'Preparing…' : 'Download my data'}
        </button>
        {!deleting ? (
          <button type="button" className="button button-danger" onClick={() => setDeleting(true)}>
            Delete my account
          </button>
        ) : null}
      </div>
      {deleting ? (
        <form className="acc-form" method="post" onSubmit={remove} aria-label="Delete my account" noValidate>
          <p>
            Deleting your account signs you out everywhere and erases your profile, photo, cart and the documents you
            uploaded. Your bookings and invoices are kept only as tax law requires. This cannot be undone.
          </p>
          {hasPassword ? (
            <PasswordField
              label="Current password"
              name="current-password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          ) : null}
          <div className="field">
            <label htmlFor="delete-confirm">Type DELETE to confirm</label>
            <input
              id="delete-confirm"
              name="confirm"
              autoComplete="off"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
          </div>
          <FormMessages error={error} />
          <div className="acc-actions">
            <button className="button button-danger" disabled={busy !== null}>
              {busy === 'delete' ? 'Deleting…' : 'Delete my account for good'}
            </button>
            <button type="button" className="button" onClick={() => setDeleting(false)}>
              Keep my account
            </button>
          </div>
        </form>
      ) : (
        <FormMessages error={error} />
      )}
    </>
  );
}
