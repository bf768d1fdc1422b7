import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSite } from '../../app/site-context.tsx';
import { signOut } from './auth-client.ts';

/**
 * Sign out. Trips saved on this phone (names, passport copies' names, vouchers) go with the
 * sign-in: a shared phone must not keep them. The traveller is told so before anything is removed.
 */
export function SignOutButton() {
  const { href } = useSite();
  const navigate = useNavigate();
  const [saved, setSaved] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  async function leave() {
    setBusy(true);
    const wallet = await import('../trips/wallet.ts');
    await wallet.clearWallet().catch(() => undefined);
    await signOut(href('/'));
    navigate(href('/'));
  }

  async function ask() {
    const wallet = await import('../trips/wallet.ts');
    const n = await wallet.walletCount().catch(() => 0);
    if (n === 0) return leave();
    setSaved(n);
  }

  if (saved === null) {
    return (
      <button type="button" className="button account-signout" disabled={busy} onClick={() => void ask()}>
        Sign out
      </button>
    );
  }
  return (
    <div
      className="notice account-signout"
      role="alertdialog"
      aria-labelledby="signout-heading"
      aria-describedby="signout-text"
    >
      <h2 id="signout-heading">Sign out of this phone?</h2>
      <p id="signout-text">
        Signing out removes the {saved} {saved === 1 ? 'trip' : 'trips'} saved on this phone, with their vouchers and
        invoices. You can save them again by signing in.
      </p>
      <div className="checkout-actions">
        <button type="button" className="button button-primary" disabled={busy} onClick={() => void leave()}>
          {busy ? 'Signing out…' : 'Sign out and remove them'}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => setSaved(null)}>
          Stay signed in
        </button>
      </div>
    </div>
  );
}
