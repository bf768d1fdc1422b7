import type { ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { Icon, type IconName } from '../components/icons.tsx';
import { AccountLink, AccountNavItem, AccountNavLabel, TripsNavItem } from '../features/account/account-link.tsx';
import { SiteFooter } from '../features/content/site-footer.tsx';
import { SyncStatus } from '../features/cart/sync-status.tsx';
import { CallBackLinks } from '../features/enquiry/call-back-links.tsx';
import { useCartCount } from '../features/cart/use-cart-count.ts';
import { pathOnSite } from './site.ts';
import { useSite } from './site-context.tsx';

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
      <Link to={`${pathOnSite(pathname, 'UAE')}${search}`} aria-current={site === 'UAE' ? 'true' : undefined} hrefLang="en-AE">
        UAE
      </Link>
      <Link to={`${pathOnSite(pathname, 'IN')}${search}`} aria-current={site === 'IN' ? 'true' : undefined} hrefLang="en-IN">
        India
      </Link>
    </nav>
  );
}

/** The number on a cart link (its accessible name says it already). */
function CartBadge({ count }: { count: number }) {
  return count > 0 ? (
    <span className="badge" aria-hidden="true">
      {count}
    </span>
  ) : null;
}

/** `Cart, N items` exactly as specified (also for 1): pending items included, so an offline add shows at once. */
function CartLink({ className }: { className: string }) {
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
function CartNavLink({ to, icon, label }: { to: string; icon: IconName; label: string }) {
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
            <AccountNavItem key={item.path} className="bottom-nav-item">
              <Icon name={item.icon} />
              <AccountNavLabel />
            </AccountNavItem>
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
