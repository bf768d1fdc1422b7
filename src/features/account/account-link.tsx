import { NavLink } from 'react-router-dom';
import { useSite } from '../../app/site-context.tsx';
import { Icon } from '../../components/icons.tsx';
import { ASKED_TO_SIGN_IN, useSession } from './use-session.ts';

/** First name of the signed-in traveller, or a plain word while we do not know. */
export function useAccountLabel(): { label: string; signedIn: boolean } {
  const { status, data } = useSession();
  if (status !== 'authenticated' || !data)
    return { label: status === 'loading' ? 'Account' : 'Log in', signedIn: false };
  const first = data.user.name.trim().split(/\s+/)[0];
  return { label: first ? first.slice(0, 12) : 'Account', signedIn: true };
}

/** The header's account icon: names who is signed in, or invites to log in. */
export function AccountIconLabel() {
  const { label, signedIn } = useAccountLabel();
  return (
    <>
      <Icon name="account" />
      <span className="visually-hidden">{signedIn ? `Account of ${label}` : label}</span>
    </>
  );
}

export function AccountNavLabel() {
  return <span>{useAccountLabel().label}</span>;
}

/** The bottom bar's Trips item, for a signed-in traveller only (their wallet, one tap away). */
export function TripsNavItem({ to }: { to: string }) {
  if (!useAccountLabel().signedIn) return null;
  return (
    <NavLink to={to} className="bottom-nav-item">
      <Icon name="trips" />
      <span>Trips</span>
    </NavLink>
  );
}

/**
 * Where the account link goes: a visitor known not to be signed in ("Log in") straight to the
 * login page, without the error a page that needs a sign-in gives; others to the account page,
 * which sends a visitor on to log in, still without that error (they asked for it). The links
 * themselves are src/app/header-live.tsx's.
 */
export function useAccountTarget() {
  const { href } = useSite();
  const { status } = useSession();
  return { to: status === 'unauthenticated' ? href('/login') : href('/account'), state: ASKED_TO_SIGN_IN };
}
