import { useState } from 'react';
import { copyText } from '../content/copy-text.ts';

/** The Web Share sheet where the device has one; otherwise the link is copied (or shown to copy). */
export function ShareButton({ title, text, url }: { title: string; text: string; url: string }) {
  const [status, setStatus] = useState<'idle' | 'copied' | 'manual'>('idle');

  async function share() {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (err) {
        // The traveller closed the sheet: nothing to do. Any other failure falls back to copying.
        if ((err as Error).name === 'AbortError') return;
      }
    }
    setStatus((await copyText(url)) ? 'copied' : 'manual');
  }

  return (
    <div className="share">
      <button type="button" className="button" onClick={() => void share()}>
        <svg
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <path d="M4 12v7a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-7M16 6l-4-4-4 4M12 2v13" />
        </svg>
        Share
      </button>
      <p className="share-status" role="status">
        {status === 'copied' ? 'Link copied.' : null}
      </p>
      {status === 'manual' ? (
        <label className="share-manual">
          Copy this link
          <input type="text" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        </label>
      ) : null}
    </div>
  );
}
