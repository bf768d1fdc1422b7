import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { can, type StaffAction, type StaffMe } from '../../contract/staff.ts';
import { loadMe, setCsrfToken } from './admin-api.ts';

interface SessionValue {
  /** undefined while asking the server; null when not signed in. */
  me: StaffMe | null | undefined;
  signedIn(me: StaffMe): void;
  signedOut(): void;
}

const SessionContext = createContext<SessionValue>({ me: undefined, signedIn: () => {}, signedOut: () => {} });

export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const [me, setMe] = useState<StaffMe | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void loadMe().then((m) => {
      if (live) setMe(m);
    });
    return () => {
      live = false;
    };
  }, []);
  const signedIn = useCallback((m: StaffMe) => {
    setCsrfToken(m.csrfToken);
    setMe(m);
  }, []);
  const signedOut = useCallback(() => {
    setCsrfToken(null);
    setMe(null);
  }, []);
  const value = useMemo(() => ({ me, signedIn, signedOut }), [me, signedIn, signedOut]);
  return <SessionContext value={value}>{children}</SessionContext>;
}

export const useAdminSession = () => use(SessionContext);

/** The signed-in staff member, or a sign-in redirect; children render only when allowed. */
export function RequireStaff({ action, children }: { action?: StaffAction; children: (me: StaffMe) => ReactNode }) {
  const { me } = useAdminSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    if (me === null) void navigate(`/admin/login?next=${encodeURIComponent(pathname)}`, { replace: true });
  }, [me, navigate, pathname]);
  if (!me) return <p role="status">Checking your sign-in…</p>;
  if (action && !can(me.role, action)) return <p>Your role ({me.role}) may not open this page.</p>;
  return <>{children(me)}</>;
}
