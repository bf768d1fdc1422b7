import { useEffect, useRef, useState } from 'react';

interface GoogleId {
  initialize(opts: {
    client_id: string;
    callback: (r: { credential: string }) => void;
    ux_mode?: 'popup';
    context?: string;
  }): void;
  renderButton(el: HTMLElement, opts: Record<string, unknown>): void;
}
declare global {
  interface Window {
    google?: { accounts: { id: GoogleId } };
  }
}

const SCRIPT = 'https://accounts.google.com/gsi/client';
let loading: Promise<void> | null = null;

/** Google's script is loaded only here, only when a client id is configured (the CSP allows it then). */
function loadGoogle(): Promise<void> {
  loading ??= new Promise<void>((resolve, reject) => {
    const s = document.createElement('script');
    s.src = SCRIPT;
    s.async = true;
    s.onload = () => resolve();
    s.onerror = () => {
      loading = null;
      reject(new Error('Google sign-in could not be loaded.'));
    };
    document.head.appendChild(s);
  });
  return loading;
}

/** Google's own sign-in button; its credential (an ID token) is handed to `onCredential`. */
export function GoogleButton({ clientId, onCredential }: { clientId: string; onCredential(credential: string): void }) {
  const slot = useRef<HTMLDivElement>(null);
  const callback = useRef(onCredential);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    callback.current = onCredential;
  }, [onCredential]);
  useEffect(() => {
    let live = true;
    loadGoogle().then(
      () => {
        if (!live || !slot.current || !window.google) return;
        window.google.accounts.id.initialize({
          client_id: clientId,
          callback: (r) => callback.current(r.credential),
          ux_mode: 'popup',
          context: 'signin',
        });
        window.google.accounts.id.renderButton(slot.current, {
          theme: 'outline',
          size: 'large',
          text: 'continue_with',
          shape: 'pill',
          width: 300,
        });
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [clientId]);
  return failed ? (
    <p className="acc-hint">Google sign-in is unavailable right now. Use your email or mobile number instead.</p>
  ) : (
    <div ref={slot} className="google-slot" />
  );
}
