import type { ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { FormNotSentNotice } from '../components/form-not-sent.tsx';
import { Icon, type IconName } from '../components/icons.tsx';
import { ASKED_TO_SIGN_IN } from '../features/account/asked-to-sign-in.ts';
import { SiteFooter } from '../features/content/site-footer.tsx';
import { CallBackLinks } from '../features/enquiry/call-back-links.tsx';
import { CART_DELTA_EVENT } from '../features/cart/cart-delta-event.ts';
import { pathOnSite } from './site.ts';
import { useSite } from './site-context.tsx';
import { deferred } from './deferred.tsx';

/** Shows only offline or with changes waiting: loads after the page (decision 0074). */
const SyncStatus = deferred(() => import('../features/cart/sync-status.tsx').then((m) => m.SyncStatus));

/*
 * Who is signed in and the cart's count are known only once the page is idle (the session is
 * asked for then, the device's cart counted then), so the code that knows them loads then too
 * (src/app/header-live.tsx, decision 0079). Until it is in, the links are what the live ones
 * show before they know more, as the server renders them: "Account", and "Cart, 0 items". A tap
 * on Add to cart before then loads the cart's at once (the count keeps the tap, cart-events.ts).
 */
const loadHeader = () => import('./header-live.tsx');

function StaticCartLink({ className }: { className: string }) {
  const { href } = useSite();
  return (
    <Link to={href('/cart')} className={className} aria-label="Cart, 0 items">
      <Icon name="cart" />
    </Link>
  );
}

function StaticCartNavLink({ to, icon, label }: { to: string; icon: IconName; label: string }) {
  return (
    <NavLink to={to} className="bottom-nav-item" aria-label="Cart, 0 items">
      <Icon name={icon} />
      <span>{label}</span>{' '}
    </NavLink>
  );
}

function StaticAccountLink({ className }: { className: string }) {
  const { href } = useSite();
  return (
    <Link to={href('/account')} state={ASKED_TO_SIGN_IN} className={className}>
      <Icon name="account" />
      <span className="visually-hidden">Account</span>
    </Link>
  );
}

function StaticAccountNavItem({ className, icon }: { className: string; icon: IconName }) {
  const { href } = useSite();
  return (
    <NavLink to={href('/account')} state={ASKED_TO_SIGN_IN} className={className}>
      <Icon name={icon} />
      <span>Account</span>
    </NavLink>
  );
}

const CartLink = deferred(() => loadHeader().then((m) => m.CartLink), {
  placeholder: StaticCartLink,
  wakeEvent: CART_DELTA_EVENT,
});
const CartNavLink = deferred(() => loadHeader().then((m) => m.CartNavLink), {
  placeholder: StaticCartNavLink,
  wakeEvent: CART_DELTA_EVENT,
});
const AccountLink = deferred(() => loadHeader().then((m) => m.AccountLink), { placeholder: StaticAccountLink });
const AccountNavItem = deferred(() => loadHeader().then((m) => m.AccountNavItem), {
  placeholder: StaticAccountNavItem,
});
/** For a signed-in traveller only: nothing until the session is known. */
const TripsNavItem = deferred(() => loadHeader().then((m) => m.TripsNavItem));

const NAV: { path: string; label: string; icon: IconName }[] = [
  { path: '/', label: 'Home', icon: 'home' },
  { path: '/holidays', label: 'Holidays', icon: 'holidays' },
  { path: '/deals', label: 'Deals', icon: 'deals' },
  { path: '/cart', label: 'Cart', icon: 'cart' },
  { path: '/account', label: 'Account', icon: 'account' },
];

function SiteSwitch() {
  const { pathname, search } = useLocation();
  const { site } = useSite();
  return (
    <nav className="site-switch" aria-label="Choose your country site">
      <Link
        to={`${pathOnSite(pathname, 'UAE')}${search}`}
        aria-current={site === 'UAE' ? 'true' : undefined}
        hrefLang="en-AE"
      >
        UAE
      </Link>
      <Link
        to={`${pathOnSite(pathname, 'IN')}${search}`}
        aria-current={site === 'IN' ? 'true' : undefined}
        hrefLang="en-IN"
      >
        India
      </Link>
    </nav>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const { href } = useSite();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="header">
        <div className="header-inner">
          <Link to={href('/')} className="brand" aria-label="Wanderlust Holidays, home">
            <img src="/logo.svg" alt="" width="32" height="32" />
            <span className="brand-name">Wanderlust</span>
          </Link>
          <Link to={href('/holidays')} className="search-entry">
            <Icon name="search" size={18} />
            <span>Where to?</span>
          </Link>
          <SiteSwitch />
          <CartLink className="header-icon" />
          <AccountLink className="header-icon" />
        </div>
        <SyncStatus />
      </header>
      <main id="main" className="main">
        <FormNotSentNotice />
        {children}
      </main>
      <footer className="footer">
        <div className="footer-inner">
          <CallBackLinks />
        </div>
        <SiteFooter />
      </footer>
      <nav className="bottom-nav" aria-label="Main">
        {NAV.map((item) =>
          item.path === '/cart' ? (
            <CartNavLink key={item.path} to={href(item.path)} icon={item.icon} label={item.label} />
          ) : item.path === '/account' ? (
            <AccountNavItem key={item.path} className="bottom-nav-item" icon={item.icon} />
          ) : (
            <NavLink key={item.path} to={href(item.path)} end={item.path === '/'} className="bottom-nav-item">
              <Icon name={item.icon} />
              <span>{item.label}</span>
            </NavLink>
          ),
        )}
        <TripsNavItem to={href('/trips')} />
      </nav>
    </div>
  );
}
