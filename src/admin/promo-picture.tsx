import { uploadBannerPictureCall, uploadDealPictureCall } from '../../contract/admin-promotions-calls.ts';
import { adminApi } from './admin-api.ts';

/** What a deal's or a banner's picture must be: the server checks and resizes it as it does package pictures. */
export const PICTURE_RULES = {
  deal: 'JPEG, PNG or WebP, at least 480 pixels wide; cropped to 3:2',
  banner: 'JPEG, PNG or WebP, at least 640 pixels wide; cropped to 2:1',
} as const;

/**
 * Uploads the picture chosen in a form's `picture` field for a deal or a banner; answers its path,
 * null when none was chosen (an edit keeps its picture), or the server's refusal.
 */
export async function uploadChosenPicture(
  kind: 'deal' | 'banner',
  form: FormData,
): Promise<{ ok: true; path: string | null } | { ok: false; message: string }> {
  const file = form.get('picture');
  if (!(file instanceof File) || file.size === 0) return { ok: true, path: null };
  const body = new FormData();
  body.append('file', file);
  const answer =
    kind === 'deal'
      ? await adminApi(uploadDealPictureCall, { form: body })
      : await adminApi(uploadBannerPictureCall, { form: body });
  if (!answer.ok || !answer.data) return { ok: false, message: answer.message };
  return { ok: true, path: answer.data.path };
}

/** The picture field of a deal's or banner's form, with the current picture when there is one. */
export function PictureField({ id, kind, current }: { id: string; kind: 'deal' | 'banner'; current: string | null }) {
  return (
    <>
      {current ? (
        <img
          src={`${current}-${kind === 'deal' ? 480 : 640}.webp`}
          alt="The current picture"
          width={kind === 'deal' ? 240 : 320}
          height={160}
        />
      ) : null}
      <label htmlFor={id}>
        {current ? 'New picture (empty: keep this one)' : 'Picture'} ({PICTURE_RULES[kind]})
      </label>
      <input id={id} name="picture" type="file" accept="image/jpeg,image/png,image/webp" required={!current} />
    </>
  );
}

/** A fresh Idempotency-Key for one create form: a double click makes one deal or banner. */
export const newFormKey = () => `promo-${crypto.randomUUID()}`;
