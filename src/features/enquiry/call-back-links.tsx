import { openQueryModal } from './open-query-modal.ts';
import './call-back-links.css';

/** "Get a call back": opens the call-back modal from the footer (the footer's own links lead to /contact). */
export function CallBackLinks() {
  return (
    <div className="callback-links">
      <button type="button" className="button" onClick={openQueryModal}>
        Get a call back
      </button>
    </div>
  );
}
