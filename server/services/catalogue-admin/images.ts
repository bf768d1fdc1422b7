import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../lib/errors.ts';
import type { Actor } from '../staff/audit.ts';
import type { FileStore } from '../file-store.ts';
import { detectDocumentType, uploadWork } from '../uploads.ts';
import { updatePackage } from './packages.ts';
import type { AdminPackage } from '../../../contract/catalogue-admin.ts';

/** The widths the shop's <img srcset> asks for (src/features/catalogue/package-page.tsx), as the image script makes them. */
export const IMAGE_WIDTHS = [480, 960, 1440] as const;
/** Package pictures are 3:2 (1200 × 800 on the page). */
const RATIO = 2 / 3;
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
/** Larger pictures are refused before decoding (a decompression bomb is small on disk). */
const MAX_PIXELS = 60_000_000;
export const IMAGE_NOT_ALLOWED = 'Upload a photo as JPEG, PNG or WebP: this file is none of them (checked by its contents, not its name).';

/** A stored picture's storage key (DATA_DIR/uploads/images/… in the folder), served at /images/uploads/. */
export const imageKey = (file: string) => `images/${file}`;
/** A stored picture's file name: a random name and one of the widths. */
export const IMAGE_FILE = /^([a-f0-9]{32})-(480|960|1440)\.webp$/;

/**
 * Adds a picture to a package: checked by its bytes (JPEG, PNG or WebP), decoded, turned upright,
 * cropped to 3:2 and written as WebP at the shop's widths, with its alt text; then set as the hero
 * or added to the gallery (an audited package change).
 */
export async function addPackageImage(
  db: Db,
  store: FileStore,
  actor: Actor,
  id: number,
  upload: { content: Buffer; alt: string; use: 'hero' | 'gallery' },
  current: AdminPackage,
  now: Date,
): Promise<{ package: AdminPackage; path: string }> {
  const alt = upload.alt.trim();
  if (!alt) throw new DomainError('invalid', 'Write the alt text: what the picture shows, for people who cannot see it.');
  const type = detectDocumentType(upload.content);
  if (!type || !['jpg', 'png', 'webp'].includes(type.ext)) throw new DomainError('unsupported', IMAGE_NOT_ALLOWED);
  // Loaded on the first upload only: the shop's start does not pay for the image library.
  const { default: sharp } = await import('sharp');
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(upload.content, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw new DomainError('invalid', 'The picture could not be read: it may be damaged. Save it again and upload it.');
  }
  if (!meta.width || !meta.height || meta.width < 480) throw new DomainError('invalid', `The picture is ${meta.width ?? 0} pixels wide: upload one at least 480 pixels wide (1440 or more looks best).`);
  const name = randomBytes(16).toString('hex');
  // Resized first (three small WebP files), then stored with the package change that names them.
  const sized: { key: string; bytes: Buffer }[] = [];
  try {
    for (const width of IMAGE_WIDTHS) {
      const bytes = await sharp(upload.content, { limitInputPixels: MAX_PIXELS })
        .rotate()
        .resize({ width, height: Math.round(width * RATIO), fit: 'cover', position: 'attention', withoutEnlargement: false })
        .webp({ quality: 70, effort: 4 })
        .toBuffer();
      sized.push({ key: imageKey(`${name}-${width}.webp`), bytes });
    }
  } catch {
    throw new DomainError('invalid', 'The picture could not be resized: it may be damaged. Save it again and upload it.');
  }
  const path = `/images/uploads/${name}`;
  const written: string[] = [];
  try {
    return await uploadWork(db, store, async (tx) => {
      for (const s of sized) {
        await store.put(tx, s.key, s.bytes);
        written.push(s.key);
      }
      const pkg = await updatePackage(
        tx,
        actor,
        id,
        upload.use === 'hero' ? { heroImage: path, gallery: [path, ...current.gallery.filter((g) => g !== path)], imageAlts: { [path]: alt } } : { gallery: [...current.gallery, path], imageAlts: { [path]: alt } },
        now,
      );
      return { package: pkg, path };
    });
  } catch (err) {
    if (!store.transactional) await store.delete(db, written);
    throw err;
  }
}
