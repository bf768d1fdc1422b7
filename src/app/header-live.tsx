import { Link, NavLink } from 'react-router-dom';
import { Icon, type IconName } from '../components/icons.tsx';
import { AccountIconLabel, AccountNavLabel, useAccountTarget } from '../features/account/account-link.tsx';
import { useCartCount } from '../features/cart/use-cart-count.ts';
import { useSite } from './site-context.tsx';

/*
 * The header's and bottom bar's live parts: who is signed in and how many items the cart holds.
 * Both are known only after the page is up (the session is asked for and the device's cart counted
 * once the browser is idle), so their code loads then too (src/app/layout.tsx, decision 0079);
 * until it is in, the layout shows what these show before they know more.
 */

/** The number on a cart link (its accessible name says it already). */
function CartBadge({ count }: { count: number }) {
  return count > 0 ? (
    <span className="badge" aria-hidden="true">
      {count}
    </span>
  ) : null;
}

/** `Cart, N items` exactly as specified (also for 1): pending items included, so an offline add shows at once. */
export function CartLink({ className }: { className: string }) {
  const { href } = useSite();
  const count = useCartCount();
  return (
    <Link to={href('/cart')} className={className} aria-label={`Cart, ${count} items`}>
      <Icon name="cart" />
      <CartBadge count={count} />
    </Link>
  );
}

/** The bottom bar's cart item: its own component, so a new count re-renders it alone. */
export function CartNavLink({ to, icon, label }: { to: string; icon: IconName; label: string }) {
  const count = useCartCount();
  return (
    <NavLink to={to} className="bottom-nav-item" aria-label={`Cart, ${count} items`}>
      <Icon name={icon} />
      <span>{label}</span>
      {/* A space between the word and the number: the visible text reads "Cart 1", which the
          accessible name "Cart, 1 items" contains (WCAG 2.5.3, label in name). */}{' '}
      <CartBadge count={count} />
    </NavLink>
  );
}

/** The header's account link: names who is signed in, or invites to log in. */
export function AccountLink({ className }: { className: string }) {
  const target = useAccountTarget();
  return (
    <Link to={target.to} state={target.state} className={className}>
      <AccountIconLabel />
    </Link>
  );
}

/** The bottom bar's account item. */
export function AccountNavItem({ className, icon }: { className: string; icon: IconName }) {
  const target = useAccountTarget();
  return (
    <NavLink to={target.to} state={target.state} className={className}>
      <Icon name={icon} />
      <AccountNavLabel />
    </NavLink>
  );
}

export { TripsNavItem } from '../features/account/account-link.tsx';
