import { useSyncExternalStore } from 'react';
import { declineInstall, installOfferable, offerInstall, subscribeInstallPrompt } from '../../lib/install-prompt.ts';

/** After a first confirmed booking: install the app, so the wallet is one tap away. Once, dismissible. */
export function InstallOffer() {
  const offerable = useSyncExternalStore(subscribeInstallPrompt, installOfferable, () => false);
  if (!offerable) return null;
  return (
    <aside className="notice install-offer" aria-labelledby="install-heading">
      <h2 id="install-heading">Keep your trip one tap away</h2>
      <p>
        Install Wanderlust on this phone: your vouchers and invoice open from your home screen, even with no signal.
      </p>
      <div className="checkout-actions">
        <button type="button" className="button button-primary" onClick={() => void offerInstall()}>
          Install the app
        </button>
        <button type="button" className="button" onClick={declineInstall}>
          Not now
        </button>
      </div>
    </aside>
  );
}
