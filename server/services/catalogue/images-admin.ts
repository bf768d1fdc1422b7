import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../lib/errors.ts';
import type { Actor } from '../staff/audit.ts';
import type { FileStore } from '../file-store.ts';
import { detectDocumentType, uploadWork } from '../uploads.ts';
import { updatePackage } from './packages-admin.ts';
import type { AdminPackage } from '../../../contract/catalogue-admin.ts';

/**
 * The widths the shop's <img srcset> asks for (src/features/catalogue/package-page.tsx), as the image script makes
 * them.
 */
export const IMAGE_WIDTHS = [480, 960, 1440] as const;
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
/** Larger pictures are refused before decoding (a decompression bomb is small on disk). */
const MAX_PIXELS = 60_000_000;
export const IMAGE_NOT_ALLOWED =
  'Upload a photo as JPEG, PNG or WebP: this file is none of them (checked by its contents, not its name).';

/** The widths a picture is written at (the smallest is the least it may be) and its height to width. */
export interface PictureShape {
  widths: readonly number[];
  ratio: number;
}
/** Package pictures (and deals' cards, which show them the same way) are 3:2 (1200 × 800 on the page). */
export const PACKAGE_PICTURE: PictureShape = { widths: IMAGE_WIDTHS, ratio: 2 / 3 };
/** The home page's banners are 2:1 at the carousel's widths (src/features/home/banner-carousel.tsx). */
export const BANNER_PICTURE: PictureShape = { widths: [640, 1280], ratio: 1 / 2 };

/** A stored picture's storage key (DATA_DIR/uploads/images/… in the folder), served at /images/uploads/. */
export const imageKey = (file: string) => `images/${file}`;
/** A stored picture's file name: a random name and one of the widths. */
export const IMAGE_FILE = /^([a-f0-9]{32})-(480|640|960|1280|1440)\.webp$/;
/** A stored picture's path as records name it (the shop adds -<width>.webp). */
export const UPLOADED_PICTURE = /^\/images\/uploads\/([a-f0-9]{32})$/;

/** A picture checked and resized, not stored yet: its path and its files, one per width. */
export interface SizedPicture {
  path: string;
  files: { key: string; bytes: Buffer }[];
}

/**
 * Checks a picture by its bytes (JPEG, PNG or WebP), decodes it, turns it upright, crops it to the
 * shape's ratio and makes a WebP at each of its widths; refusals say what to upload instead.
 */
export async function sizePicture(content: Buffer, shape: PictureShape): Promise<SizedPicture> {
  const type = detectDocumentType(content);
  if (!type || !['jpg', 'png', 'webp'].includes(type.ext)) throw new DomainError('unsupported', IMAGE_NOT_ALLOWED);
  // Loaded on the first upload only: the shop's start does not pay for the image library.
  const { default: sharp } = await import('sharp');
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(content, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw new DomainError('invalid', 'The picture could not be read: it may be damaged. Save it again and upload it.');
  }
  const least = shape.widths[0]!;
  if (!meta.width || !meta.height || meta.width < least)
    throw new DomainError(
      'invalid',
      `The picture is ${meta.width ?? 0} pixels wide: upload one at least ${least} pixels wide (${shape.widths.at(-1)} or more looks best).`,
    );
  const name = randomBytes(16).toString('hex');
  const files: SizedPicture['files'] = [];
  try {
    for (const width of shape.widths) {
      const bytes = await sharp(content, { limitInputPixels: MAX_PIXELS })
        .rotate()
        .resize({
          width,
          height: Math.round(width * shape.ratio),
          fit: 'cover',
          position: 'attention',
          withoutEnlargement: false,
        })
        .webp({ quality: 70, effort: 4 })
        .toBuffer();
      files.push({ key: imageKey(`${name}-${width}.webp`), bytes });
    }
  } catch {
    throw new DomainError(
      'invalid',
      'The picture could not be resized: it may be damaged. Save it again and upload it.',
    );
  }
  return { path: `/images/uploads/${name}`, files };
}

/**
 * Stores a sized picture's files, then runs `then` (the record change that names it) in the same
 * work; in a folder store the files are taken back when that fails.
 */
export async function storePicture<T>(
  db: Db,
  store: FileStore,
  picture: SizedPicture,
  then: (db: Db) => Promise<T>,
): Promise<T> {
  const written: string[] = [];
  try {
    return await uploadWork(db, store, async (tx) => {
      for (const f of picture.files) {
        await store.put(tx, f.key, f.bytes);
        written.push(f.key);
      }
      return then(tx);
    });
  } catch (err) {
    if (!store.transactional) await store.delete(db, written);
    throw err;
  }
}

/** Whether a picture path names a stored picture of this shape (all its widths written). */
export async function pictureStored(db: Db, store: FileStore, path: string, shape: PictureShape): Promise<boolean> {
  const name = UPLOADED_PICTURE.exec(path)?.[1];
  if (!name) return false;
  for (const width of shape.widths) if (!(await store.exists(db, imageKey(`${name}-${width}.webp`)))) return false;
  return true;
}

/**
 * Adds a picture to a package: checked and resized (sizePicture), with its alt text; then set as
 * the hero or added to the gallery (an audited package change).
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
  if (!alt)
    throw new DomainError('invalid', 'Write the alt text: what the picture shows, for people who cannot see it.');
  // Resized first (three small WebP files), then stored with the package change that names them.
  const picture = await sizePicture(upload.content, PACKAGE_PICTURE);
  const path = picture.path;
  return storePicture(db, store, picture, async (tx) => {
    const pkg = await updatePackage(
      tx,
      actor,
      id,
      upload.use === 'hero'
        ? { heroImage: path, gallery: [path, ...current.gallery.filter((g) => g !== path)], imageAlts: { [path]: alt } }
        : { gallery: [...current.gallery, path], imageAlts: { [path]: alt } },
      now,
    );
    return { package: pkg, path };
  });
}
