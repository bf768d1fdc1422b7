import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { StaffOwnSession } from '../../../contract/desk.ts';
import { STAFF_PASSWORD_MIN, type StaffMe } from '../../../contract/staff.ts';
import { changeOwnPasswordCall, endOtherSessionsCall, ownSessionsCall } from '../../../contract/admin-staff-calls.ts';
import { adminApi } from '../admin-api.ts';
import { RequireStaff } from '../admin-session.tsx';

const when = (iso: string) => iso.replace('T', ' ').slice(0, 16);

/** "Safari on iPhone" from a User-Agent: enough to tell one's devices apart, the full string kept beside it. */
function deviceOf(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /(Chrome|Chromium|CriOS)\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'A browser';
  const device = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'Mac'
            : /Linux|X11/.test(ua)
              ? 'Linux'
              : 'an unknown device';
  return `${browser} on ${device}`;
}

function PasswordForm() {
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const currentPassword = String(data.get('currentPassword') ?? '');
    const newPassword = String(data.get('newPassword') ?? '');
    setStatus('');
    if (newPassword !== String(data.get('repeatPassword') ?? ''))
      return setError('The two new passwords differ: type the new one twice the same.');
    setBusy(true);
    const answer = await adminApi(changeOwnPasswordCall, { body: { currentPassword, newPassword } });
    setBusy(false);
    if (!answer.ok) return setError(answer.message);
    setError('');
    setStatus(answer.message);
    form.reset();
  };
  return (
    <form className="admin-form" onSubmit={(e) => void submit(e)} aria-labelledby="password-heading">
      <h2 id="password-heading">Change your password</h2>
      <label>
        Current password
        <input name="currentPassword" type="password" autoComplete="current-password" required maxLength={200} />
      </label>
      <label>
        New password (at least {STAFF_PASSWORD_MIN} characters)
        <input
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          minLength={STAFF_PASSWORD_MIN}
          maxLength={200}
        />
      </label>
      <label>
        New password again
        <input
          name="repeatPassword"
          type="password"
          autoComplete="new-password"
          required
          minLength={STAFF_PASSWORD_MIN}
          maxLength={200}
        />
      </label>
      <button type="submit" disabled={busy}>
        Change password
      </button>
      <p role="alert" className="admin-error">
        {error}
      </p>
      <p role="status">{status}</p>
    </form>
  );
}

function Sessions() {
  const [items, setItems] = useState<StaffOwnSession[] | null>(null);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    const answer = await adminApi(ownSessionsCall);
    if (!answer.ok) return setError(answer.message);
    setItems(answer.data.items);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const endOthers = async () => {
    setBusy(true);
    const answer = await adminApi(endOtherSessionsCall);
    setBusy(false);
    if (!answer.ok) return setError(answer.message);
    setError('');
    setStatus(answer.message);
    await load();
  };
  const others = items?.filter((s) => !s.current).length ?? 0;
  return (
    <section aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">Your sessions</h2>
      <p role="alert" className="admin-error">
        {error}
      </p>
      <p role="status">{status}</p>
      {items === null ? (
        <p>Loading your sessions…</p>
      ) : (
        <ul aria-label="Signed-in sessions" style={{ listStyle: 'none', padding: 0, display: 'grid', gap: '.75rem' }}>
          {items.map((s) => (
            <li key={s.id} style={{ border: '1px solid #d1d5db', borderRadius: 8, padding: '.75rem' }}>
              <strong>{deviceOf(s.userAgent)}</strong>
              {s.current ? ' (this session)' : ''}
              <br />
              Address <span className="admin-break">{s.clientAddress ?? 'unknown'}</span>
              <br />
              Started {when(s.startedAt)} · last seen {when(s.lastSeenAt)}
              {s.userAgent ? (
                <>
                  <br />
                  <small className="admin-break">{s.userAgent}</small>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <button type="button" onClick={() => void endOthers()} disabled={busy || others === 0}>
        Sign out other sessions
      </button>
    </section>
  );
}

function Account({ me }: { me: StaffMe }) {
  return (
    <>
      <p>
        Signed in as {me.email} ({me.role}). To set up a new authenticator, ask an owner to reset your sign-in.
      </p>
      <PasswordForm />
      <Sessions />
    </>
  );
}

export default function AdminAccountPage() {
  return (
    <>
      <title>My account · Back office</title>
      <h1>My account</h1>
      <RequireStaff>{(me) => <Account me={me} />}</RequireStaff>
    </>
  );
}
