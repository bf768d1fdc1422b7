import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { loginCall } from '../../../contract/admin-staff-calls.ts';
import { adminApi } from '../admin-api.ts';
import { FormNotSentNotice } from '../../components/form-not-sent.tsx';
import { useAdminSession } from '../admin-session.tsx';

export default function AdminLoginPage() {
  const { signedIn } = useAdminSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError('');
    const field = (name: string) => String(form.get(name) ?? '');
    const answer = await adminApi(loginCall, {
      body: { email: field('email'), password: field('password'), code: field('code') },
    });
    setBusy(false);
    if (!answer.ok) return setError(answer.message);
    signedIn(answer.data);
    const next = params.get('next');
    void navigate(next && next.startsWith('/admin') ? next : '/admin');
  };

  return (
    <>
      <title>Sign in · Back office</title>
      <h1>Staff sign-in</h1>
      <FormNotSentNotice />
      <form className="admin-form" method="post" onSubmit={(e) => void submit(e)}>
        <label>
          Email
          <input name="email" type="email" autoComplete="username" required />
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        <label>
          Code from your authenticator app, or a recovery code
          <input name="code" autoComplete="one-time-code" inputMode="text" required />
        </label>
        <p role="alert" className="admin-error">
          {error}
        </p>
        <button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </>
  );
}
