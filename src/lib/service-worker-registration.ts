import { Workbox } from 'workbox-window';

export type UpdateListener = (apply: () => void) => void;
let onUpdate: UpdateListener | null = null;
let waitingApply: (() => void) | null = null;

/** The update prompt subscribes here; it is told when a new version waits. */
export function subscribeToUpdates(listener: UpdateListener) {
  onUpdate = listener;
  if (waitingApply) listener(waitingApply);
  return () => {
    onUpdate = null;
  };
}

export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    waitingApply = () => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    };
    onUpdate?.(waitingApply);
  });
  void wb.register();
}
