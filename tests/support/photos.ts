// Photos for API tests: generated locally (no network), with the metadata a phone adds.
import { imageFromDoc, photoIndexFields, photoUrls, type JournalImage } from '@moments/shared';
import { Timestamp } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import sharp from 'sharp';
import type { ApiClient, ApiResponse } from './api';
import { PROJECT_ID, adminApp, adminDb, requireEnv } from './emulators';

/** A text that the EXIF block of makeJpeg carries, to check that it never comes back out. */
export const EXIF_MARKER = 'moments-test-camera-owner';

/**
 * The function's photo bucket, through the real Cloud Storage client: under emulators:exec
 * STORAGE_EMULATOR_HOST points it at scripts/storage-stand-in.mjs, as it does the function's.
 */
export function photoBucket() {
  requireEnv('STORAGE_EMULATOR_HOST');
  // As the Functions emulator does: no probing for a Google Cloud metadata server.
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  return getStorage(adminApp).bucket(`${PROJECT_ID}.appspot.com`);
}

/** Names of the stored objects under `prefix` (e.g. `journals/<id>/`), listed page by page. */
export async function storedObjects(prefix: string): Promise<string[]> {
  const [files] = await photoBucket().getFiles({ prefix, maxResults: 100, autoPaginate: true });
  return files.map((file) => file.name).sort();
}

/**
 * A JPEG of a small landscape, `width` x `height`, carrying EXIF with a GPS position
 * (37°46'30" N, 122°25'10" W) and an owner name (EXIF_MARKER), as a phone photo would.
 */
export async function makeJpeg(
  options: { width?: number; height?: number; colour?: string } = {},
): Promise<Buffer> {
  const { width = 1200, height = 900, colour = '#7fb3d5' } = options;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" fill="${colour}"/>
    <circle cx="${width * 0.7}" cy="${height * 0.3}" r="${height / 8}" fill="#f7dc6f"/>
    <path d="M0 ${height * 0.75} Q${width / 4} ${height / 2} ${width / 2} ${height * 0.7} T${width} ${height * 0.66} V${height} H0Z" fill="#153F33"/>
  </svg>`;
  return sharp(Buffer.from(svg))
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Artist: EXIF_MARKER, Copyright: EXIF_MARKER },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '37/1 46/1 30/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '122/1 25/1 10/1',
      },
    })
    .toBuffer();
}

/** A PNG (no metadata), for checks that the declared name and type do not matter. */
export function makePng(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#d98880' } })
    .png()
    .toBuffer();
}

/** A multipart form with `bytes` as the `image` field, named and typed as given. */
export function imageForm(
  bytes: Buffer,
  options: { filename?: string; type?: string; fields?: Record<string, string> } = {},
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
  form.append(
    'image',
    new Blob([new Uint8Array(bytes)], { type: options.type ?? 'image/jpeg' }),
    options.filename ?? 'photo.jpg',
  );
  return form;
}

/** POST /api/journals/:id/images with a generated photo (or the given bytes). */
export async function uploadPhoto(
  client: ApiClient,
  journalId: string,
  bytes?: Buffer,
  options: Parameters<typeof imageForm>[1] = {},
): Promise<ApiResponse<JournalImage>> {
  return client.postForm<JournalImage>(
    `/api/journals/${journalId}/images`,
    imageForm(bytes ?? (await makeJpeg()), options),
  );
}

/**
 * Photos 2 to `count` of a moment whose first was uploaded, as records written the way an upload
 * writes them (bytes left out: for tests that read places, not pixels), arranged newest first
 * after the first; the index and the journal's counters as the API keeps them. Answers every
 * photo's record, and the display position (1-based) of the photo numbered `seq`.
 */
export async function seedPhotoRecords(
  journalId: string,
  uploaderId: string,
  count: number,
  seq: number,
): Promise<{ records: JournalImage[]; target: JournalImage; position: number }> {
  const journal = adminDb.doc(`journals/${journalId}`);
  const images = journal.collection('images');
  const batch = adminDb.batch();
  for (let n = 2; n <= count; n += 1) {
    const ref = images.doc();
    batch.set(ref, {
      seq: n,
      orderIndex: count + 1 - n,
      cropPosition: 30,
      ...photoUrls(journalId, ref.id),
      width: 640,
      height: 480,
      uploadedBy: uploaderId,
      createdAt: Timestamp.fromMillis(Date.now() - (count - n) * 1000),
    });
  }
  await batch.commit();
  const records = (await images.get()).docs.map((doc) => imageFromDoc(doc.id, doc.data()));
  await journal.collection('photoIndex').doc('all').set(photoIndexFields(records));
  await journal.update({ photoCount: count, nextPhotoSeq: count + 1 });
  const target = records.find((image) => image.seq === seq)!;
  const position = records.filter((image) => image.orderIndex <= target.orderIndex).length;
  return { records, target, position };
}
