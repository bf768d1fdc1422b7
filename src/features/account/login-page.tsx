import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { IDENTIFIER_HINT, normaliseIdentifier } from '../../../contract/account.ts';
import { login, loginWithGoogle } from '../../../contract/account-calls.ts';
import { useSettings, useSite } from '../../app/site-context.tsx';
import { Seo } from '../../components/seo.tsx';
import { callApi } from '../../lib/api-client.ts';
import { finishSignIn, noteFailedLogin, safeCallbackUrl } from './auth-client.ts';
import { FormMessages } from '../../components/form-messages.tsx';
import { PasswordField, TextField, messageOf } from './form-bits.tsx';
import { GoogleButton } from './google-button.tsx';
import { useSession } from './use-session.ts';
import './account.css';

const ERRORS: Record<string, string> = {
  SessionRequired: 'Please log in to see that page.',
  CredentialsSignin: 'Invalid email/mobile or password.',
  OAuthSignin: 'That sign-in method is not available. Please log in with your email or mobile number.',
  TooManyAttempts: 'Too many attempts to log in. Please wait a few minutes and try again.',
};

export default function LoginPage() {
  const { href, site } = useSite();
  const { googleClientId, tokenKey = '' } = useSettings();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  const carried = (location.state ?? {}) as { identifier?: string; notice?: string };
  const callbackUrl = safeCallbackUrl(params.get('callbackUrl'), href('/account'));
  const session = useSession();

  const [identifier, setIdentifier] = useState(carried.identifier ?? '');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(ERRORS[params.get('error') ?? ''] ?? null);
  const [done, setDone] = useState(false);

  // Already signed in (another tab, an earlier visit): straight on.
  useEffect(() => {
    if (session.status === 'authenticated' && !busy && !done) navigate(callbackUrl, { replace: true });
  }, [session.status, busy, done, navigate, callbackUrl]);

  async function signIn(get: () => Promise<{ token: string; expiresAt: string }>) {
    setBusy(true);
    setError(null);
    try {
      const { token, expiresAt } = await get();
      await finishSignIn(token, expiresAt, { tokenKey, site });
      setDone(true);
      navigate(callbackUrl, { replace: true });
    } catch (err) {
      noteFailedLogin();
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const id = normaliseIdentifier(identifier);
    if (!id || !password) {
      noteFailedLogin();
      setError(!id ? IDENTIFIER_HINT : 'Enter your password.');
      return;
    }
    void signIn(async () => {
      const r = await callApi(login, { EmailorPhone: id.value, Password: password });
      return { token: r.tokan, expiresAt: r.expiresAt };
    });
  }

  return (
    <div className="auth-page">
      <Seo
        title="Log in"
        description="Log in to your Wanderlust Holidays account to see your trips, cart and profile."
        noindex
      />
      <section className="auth-card" aria-labelledby="login-heading">
        <h1 id="login-heading">Log in</h1>
        <p className="auth-lead">Welcome back. Your cart comes with you.</p>
        {/*
          Posted to this page (never as GET: a tap before the app loads keeps the password out of the
          address); the server signs in without the app (decision 0102).
        */}
        <form className="acc-form" method="post" onSubmit={submit} noValidate>
          <TextField
            label="Email or mobile number"
            name="username"
            autoComplete="username"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={identifier}
            onChange={(e) => setIdentifier(e.target.value)}
          />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <FormMessages error={error} status={error ? null : carried.notice} />
          <button className="button button-primary acc-wide" disabled={busy}>
            {busy ? 'Logging in…' : 'Log in'}
          </button>
        </form>
        {googleClientId ? (
          <>
            <p className="acc-divider">or</p>
            <GoogleButton
              clientId={googleClientId}
              onCredential={(credential) =>
                void signIn(async () => {
                  const r = await callApi(loginWithGoogle, { credential });
                  return { token: r.token, expiresAt: r.expiresAt };
                })
              }
            />
          </>
        ) : null}
        <p className="acc-links">
          <Link to={href('/forgot-password')}>Forgot password?</Link>
          <Link
            to={href('/signup') + (params.get('callbackUrl') ? `?callbackUrl=${encodeURIComponent(callbackUrl)}` : '')}
          >
            Create an account
          </Link>
        </p>
      </section>
    </div>
  );
}
