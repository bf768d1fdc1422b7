import { useEffect, useState } from 'react';

/** An object URL for a Blob while the component shows (the PDF opens from the phone, not the network). */
function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const u = URL.createObjectURL(blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [blob]);
  return url;
}

function download(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Shares a file where the browser can (the phone's share sheet), else saves it. */
export async function shareOrDownload(blob: Blob, filename: string, title: string): Promise<'shared' | 'downloaded'> {
  const file = new File([blob], filename, { type: blob.type || 'application/octet-stream' });
  if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title });
      return 'shared';
    } catch (err) {
      // The traveller closed the share sheet: nothing else to do.
      if ((err as Error).name === 'AbortError') return 'shared';
    }
  }
  download(blob, filename);
  return 'downloaded';
}

/** Open the PDF (from the Blob kept on the phone), and share or download it. */
export function PdfActions({
  blob,
  filename,
  title,
  children,
}: {
  blob: Blob | null;
  filename: string;
  title: string;
  children?: React.ReactNode;
}) {
  const url = useObjectUrl(blob);
  const [said, setSaid] = useState('');
  if (!blob) return <p className="acc-hint">The PDF is saved once you are online.</p>;
  return (
    <div className="pdf-actions">
      <a
        className="button button-primary"
        href={url ?? undefined}
        target="_blank"
        rel="noopener"
        type="application/pdf"
      >
        Open PDF
      </a>
      <button
        type="button"
        className="button"
        onClick={() =>
          void shareOrDownload(blob, filename, title).then((how) =>
            setSaid(how === 'downloaded' ? `${filename} downloaded.` : ''),
          )
        }
      >
        {typeof navigator !== 'undefined' && typeof navigator.canShare === 'function' ? 'Share PDF' : 'Download PDF'}
      </button>
      {children}
      <p className="acc-hint" role="status">
        {said}
      </p>
    </div>
  );
}
