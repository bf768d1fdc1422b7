import { useId, useRef, useState, type ChangeEvent } from 'react';
import { ACCOUNT_MESSAGES, PROFILE_IMAGE_MAX_BYTES } from '../../../contract/account.ts';
import { readIdentity } from '../../lib/identity.ts';
import { FormMessages } from '../../components/form-messages.tsx';
import { messageOf } from './form-bits.tsx';
import { UploadProgress } from '../../components/upload-progress.tsx';
import { uploadWithProgress } from './upload-with-progress.ts';

const TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** Choose a photo, watch it upload (real upload progress), see it replace the old one. */
export function PhotoUpload({ onUploaded }: { onUploaded(imageUrl: string): void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  async function choose(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setError(null);
    setSuccess(null);
    // Checked here to save a wasted upload; the server checks the bytes again.
    if (!TYPES.includes(file.type)) return setError('Upload a JPEG, PNG or WebP image.');
    if (file.size > PROFILE_IMAGE_MAX_BYTES)
      return setError('The image is larger than 5 MB. Please choose a smaller one.');
    const identity = readIdentity();
    if (identity.kind !== 'user') return setError('Token not found. Please log in again.');
    const form = new FormData();
    form.append('file', file, file.name);
    setProgress(0);
    try {
      const { imageUrl } = await uploadWithProgress<{ imageUrl: string }>('/api/Common/UpdateProfileImage', form, {
        token: identity.token,
        onProgress: setProgress,
      });
      setSuccess(ACCOUNT_MESSAGES.photoUpdated);
      onUploaded(imageUrl);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setProgress(null);
    }
  }

  return (
    <div className="acc-form">
      <div className="acc-field">
        <label htmlFor={id}>Choose a photo</label>
        <input
          ref={input}
          id={id}
          type="file"
          accept={TYPES.join(',')}
          onChange={choose}
          disabled={progress !== null}
          aria-describedby={`${id}-hint`}
        />
        <p className="acc-hint" id={`${id}-hint`}>
          JPEG, PNG or WebP, up to 5 MB.
        </p>
      </div>
      <UploadProgress progress={progress} />
      <FormMessages error={error} status={success} />
    </div>
  );
}
