import type { ReactNode } from 'react';
import { useSession } from './use-session.ts';

/** A page's part for the signed-in traveller; a visitor is sent to log in (SessionRequired). */
export function SignedIn({ children }: { children: (userId: string) => ReactNode }) {
  const session = useSession({ required: true });
  return session.status === 'authenticated' && session.data ? (
    <>{children(session.data.user.id)}</>
  ) : (
    <p aria-busy="true">Loading…</p>
  );
}
