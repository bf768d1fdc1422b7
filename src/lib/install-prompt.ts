/*
 * The browser's install prompt (beforeinstallprompt), kept for the moment it helps: after a
 * traveller's first confirmed booking, so their vouchers are one tap away at the airport. Never
 * shown during checkout, at most once (a dismissal is remembered).
 */

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const OFFERED_KEY = 'wl-install-offered';

/** Called at start: the browser's own mini-bar waits, so the offer comes at the right moment. */
export function captureInstallPrompt() {
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    deferred = e as BeforeInstallPromptEvent;
    listeners.forEach((l) => l());
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    localStorage.setItem(OFFERED_KEY, 'installed');
    listeners.forEach((l) => l());
  });
}

export function subscribeInstallPrompt(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The offer can be made: the browser allows an install and the traveller has not been asked. */
export function installOfferable(): boolean {
  return deferred !== null && !localStorage.getItem(OFFERED_KEY);
}

/** Asks once: whatever the answer, the offer is not made again. */
export async function offerInstall(): Promise<'accepted' | 'dismissed'> {
  localStorage.setItem(OFFERED_KEY, 'asked');
  const event = deferred;
  deferred = null;
  listeners.forEach((l) => l());
  if (!event) return 'dismissed';
  await event.prompt();
  return (await event.userChoice).outcome;
}

export function declineInstall() {
  localStorage.setItem(OFFERED_KEY, 'declined');
  listeners.forEach((l) => l());
}
