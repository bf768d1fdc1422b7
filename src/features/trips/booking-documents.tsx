import { useId, useState, type ChangeEvent } from 'react';
import { BOOKING_FILE_MAX_BYTES, BOOKING_FILES_MAX, type BookingDocument } from '../../../contract/booking.ts';
import { MSG } from '../../../contract/account.ts';
import { formatDay } from '../../../contract/format.ts';
import { ApiError, NetworkError } from '../../lib/api-client.ts';
import { readIdentity } from '../../lib/identity.ts';
import { FormMessages } from '../../components/form-messages.tsx';
import { messageOf } from '../account/form-bits.tsx';
import { UploadProgress } from '../../components/upload-progress.tsx';
import { uploadWithProgress } from '../account/upload-with-progress.ts';

const TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'application/pdf'];
const ACCEPT = [...TYPES, '.heic', '.heif'].join(',');

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** Opens one of the traveller's documents: fetched with their sign-in (never a public address), then saved. */
async function openDocument(bookingId: number, doc: BookingDocument) {
  const identity = readIdentity();
  if (identity.kind !== 'user') throw new Error(MSG.tokenNotFound);
  let res: Response;
  try {
    res = await fetch(`/api/Common/GetBookingDocument?BookingId=${bookingId}&FileId=${doc.id}`, {
      headers: { Authorization: `Bearer ${identity.token}` },
    });
  } catch {
    throw new NetworkError();
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(body?.message ?? 'We could not open this document.', 'error', res.status);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = doc.name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Passport and visa copies of a booking: the list (each opens for its traveller) and an upload. */
export function BookingDocuments({
  bookingId,
  documents,
  onChange,
  disabled,
}: {
  bookingId: number;
  documents: BookingDocument[];
  onChange(docs: BookingDocument[]): void;
  disabled?: boolean;
}) {
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const room = BOOKING_FILES_MAX - documents.length;

  async function choose(e: ChangeEvent<HTMLInputElement>) {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    if (files.length === 0) return;
    setError(null);
    setSuccess(null);
    // Checked here to save a wasted upload; the server checks the bytes again.
    const wrong = files.find((f) => f.type && !TYPES.includes(f.type));
    if (wrong) return setError(`${wrong.name} is not a photo (JPEG, PNG, WebP, HEIC) or a PDF.`);
    const big = files.find((f) => f.size > BOOKING_FILE_MAX_BYTES);
    if (big) return setError(`${big.name} is larger than 10 MB. Send a smaller copy.`);
    if (files.length > room)
      return setError(`A booking keeps at most ${BOOKING_FILES_MAX} documents: choose ${room} or fewer.`);
    const identity = readIdentity();
    if (identity.kind !== 'user') return setError(MSG.tokenNotFound);
    const form = new FormData();
    form.append('BookingId', String(bookingId));
    for (const f of files) form.append(f.type === 'application/pdf' ? 'documents' : 'images', f, f.name);
    setProgress(0);
    try {
      const answer = await uploadWithProgress<{ documents: BookingDocument[] }>(
        '/api/Common/CreateBooking_UploadImages',
        form,
        { token: identity.token, onProgress: setProgress },
      );
      onChange(answer.documents);
      setSuccess(`${files.length} ${files.length === 1 ? 'file was' : 'files were'} added to your booking.`);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setProgress(null);
    }
  }

  return (
    <div className="acc-form booking-documents">
      {documents.length ? (
        <ul className="document-list">
          {documents.map((d) => (
            <li key={d.id}>
              <button
                type="button"
                className="link-button"
                onClick={() => void openDocument(bookingId, d).catch((err: unknown) => setError(messageOf(err)))}
              >
                {d.name}
              </button>
              <small>
                {d.kind === 'image' ? 'Photo' : 'PDF'}, {size(d.size)}, added {formatDay(d.uploadedAt)}
              </small>
            </li>
          ))}
        </ul>
      ) : (
        <p className="acc-hint">No documents yet.</p>
      )}
      {disabled ? null : (
        <div className="acc-field">
          <label htmlFor={id}>Add passport or visa copies</label>
          <input
            id={id}
            type="file"
            multiple
            accept={ACCEPT}
            onChange={(e) => void choose(e)}
            disabled={progress !== null || room <= 0}
            aria-describedby={`${id}-hint`}
          />
          <p className="acc-hint" id={`${id}-hint`}>
            Photos (JPEG, PNG, WebP, HEIC) or PDFs, up to 10 MB each, {BOOKING_FILES_MAX} per booking. Only you and our
            bookings team can open them.
          </p>
        </div>
      )}
      <UploadProgress progress={progress} />
      <FormMessages error={error} status={success} />
    </div>
  );
}
