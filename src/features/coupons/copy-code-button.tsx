import { useEffect, useState } from 'react';
import { copyText } from '../content/copy-text.ts';

/** The code in a box with `Copy code`; where copying is refused the code is selected to copy by hand. */
export function CopyCode({ code }: { code: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'manual'>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    const t = setTimeout(() => setState('idle'), 2500);
    return () => clearTimeout(t);
  }, [state]);
  return (
    <div className="copy-code">
      <span className="coupon-code">{code}</span>
      <button
        type="button"
        className="button button-small"
        onClick={async () => setState((await copyText(code)) ? 'copied' : 'manual')}
        aria-label={`Copy code ${code}`}
      >
        {state === 'copied' ? 'Copied' : 'Copy code'}
      </button>
      <span className="copy-status" role="status">
        {state === 'copied'
          ? `Code ${code} copied.`
          : state === 'manual'
            ? 'Copying is not allowed here: select the code and copy it.'
            : ''}
      </span>
    </div>
  );
}
