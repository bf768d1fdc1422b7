import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSite } from '../../app/site-context.tsx';
import { useOnline } from './use-online.ts';
import { whenCartDbInUse } from './when-cart-db.ts';

/** A quiet line under the header: offline, and how many changes are still waiting to sync. */
export function SyncStatus() {
  const online = useOnline();
  const { href } = useSite();
  const [pending, setPending] = useState({ waiting: 0, failed: 0 });
  useEffect(() => {
    let cancelled = false;
    let subscription: { unsubscribe(): void } | undefined;
    const cancelWait = whenCartDbInUse(() => {
      void import('./pending-live.ts').then(({ watchPending }) => {
        if (!cancelled) subscription = watchPending(setPending);
      });
    });
    return () => {
      cancelled = true;
      cancelWait();
      subscription?.unsubscribe();
    };
  }, []);
  if (online && pending.waiting === 0 && pending.failed === 0) return null;
  const parts: string[] = [];
  if (!online) parts.push('You are offline');
  if (pending.waiting) parts.push(`${pending.waiting} ${pending.waiting === 1 ? 'change' : 'changes'} waiting to sync`);
  if (pending.failed) parts.push(`${pending.failed} not saved`);
  return (
    <div className={`sync-status${online ? '' : ' sync-status-offline'}`} role="status">
      {parts.join(' · ')}
      {pending.failed ? (
        <>
          {' '}
          <Link to={href('/cart')}>Review</Link>
        </>
      ) : null}
    </div>
  );
}
