import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSite } from '../../app/site-context.tsx';
import { whenIdle } from '../../lib/when-idle.ts';
import { useOnline } from './use-online.ts';

/** A quiet line under the header: offline, and how many changes are still waiting to sync. */
export function SyncStatus() {
  const online = useOnline();
  const { href } = useSite();
  const [pending, setPending] = useState({ waiting: 0, failed: 0 });
  useEffect(() => {
    let cancelled = false;
    let subscription: { unsubscribe(): void } | undefined;
    void (async () => {
      await whenIdle();
      const { watchPending } = await import('./pending-live.ts');
      if (!cancelled) subscription = watchPending(setPending);
    })();
    return () => {
      cancelled = true;
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
