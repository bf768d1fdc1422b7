/** An upload's real progress (XMLHttpRequest reports it), while it lasts. */
export function UploadProgress({ progress }: { progress: number | null }) {
  if (progress === null) return null;
  return (
    <div>
      <progress className="upload-progress" max={1} value={progress} aria-label="Upload progress" />
      <p className="acc-hint" aria-live="polite">
        Uploading… {Math.round(progress * 100)}%
      </p>
    </div>
  );
}
