// Exports: the full-quality copy kept at upload (capture date only), served to members only,
// removed with its photo; and GET /api/journals/:id/export, the whole moment in one answer.
import {
  CAPTURE_DATE_MESSAGE,
  PHOTO_SIZES,
  type JournalImage,
  type MomentExportSource,
} from '@moments/shared';
import exifr from 'exifr';
import { FieldValue } from 'firebase-admin/firestore';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { adminDb } from '../support/emulators';
import { newMoment, sharedMoment, signedIn } from '../support/moments';
import { EXIF_MARKER, photoBucket, storedObjects, uploadPhoto } from '../support/photos';

/** A phone photo: capture date, camera make and model, owner and a GPS position. */
function phoneJpeg(width = 1800, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#6a8caf' } })
    .jpeg({ quality: 92 })
    .withExif({
      IFD0: { Make: 'Acme', Model: 'Phone 9', Artist: EXIF_MARKER },
      IFD2: { DateTimeOriginal: '2023:07:04 18:30:05' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '37/1 46/1 30/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '122/1 25/1 10/1',
      },
    })
    .toBuffer();
}

const fullUrl = (journalId: string, imageId: string) =>
  `/api/journals/${journalId}/images/${imageId}/full`;

async function exifOf(bytes: Buffer): Promise<Record<string, unknown>> {
  return ((await exifr.parse(bytes, { tiff: true, exif: true, gps: true, reviveValues: false })) ??
    {}) as Record<string, unknown>;
}

describe('full-quality copies', () => {
  it('keeps the upload at its size as a JPEG whose only metadata is the capture date', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const upload = await uploadPhoto(owner.client, journal.id, await phoneJpeg(), {
      fields: { capturedAt: '2023-07-04T18:30:05' },
    });
    expect(upload.status).toBe(201);

    for (const member of [owner, contributor]) {
      const res = await member.client.getBytes(fullUrl(journal.id, upload.body.id));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(res.headers.get('cache-control')).toContain('no-store');
      const meta = await sharp(res.body).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1800, 1200]);
      const tags = await exifOf(res.body);
      expect(tags.DateTimeOriginal).toBe('2023:07:04 18:30:05');
      for (const gone of ['Make', 'Model', 'Artist', 'GPSLatitude', 'GPSLongitude']) {
        expect(tags).not.toHaveProperty(gone);
      }
      expect(res.body.includes(Buffer.from(EXIF_MARKER))).toBe(false);
      expect(res.body.includes(Buffer.from('Acme'))).toBe(false);
    }
    expect(await storedObjects(`journals/${journal.id}/${upload.body.id}/`)).toContain(
      `journals/${journal.id}/${upload.body.id}/full.jpg`,
    );
  });

  it('has no capture date when none was sent, and still no camera data', async () => {
    const owner = await signedIn();
    const journal = await newMoment(owner.client);
    const upload = await uploadPhoto(owner.client, journal.id, await phoneJpeg(800, 600));
    const res = await owner.client.getBytes(fullUrl(journal.id, upload.body.id));
    expect(res.status).toBe(200);
    const tags = await exifOf(res.body);
    expect(tags).not.toHaveProperty('DateTimeOriginal');
    expect(tags).not.toHaveProperty('GPSLatitude');
    expect(tags).not.toHaveProperty('Make');
  });

  it('refuses an implausible capture date with a 400 and stores nothing', async () => {
    const owner = await signedIn();
    const journal = await newMoment(owner.client);
    for (const capturedAt of ['2999-01-01T00:00:00', '2023-02-30T10:00:00', 'yesterday']) {
      const res = await uploadPhoto(owner.client, journal.id, await phoneJpeg(400, 300), {
        fields: { capturedAt },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: CAPTURE_DATE_MESSAGE });
    }
    expect(await storedObjects(`journals/${journal.id}/`)).toEqual([]);
    expect((await adminDb.doc(`journals/${journal.id}`).get()).get('photoCount')).toBe(0);
  });

  it('is served to members only: an outsider and a removed member get 404', async () => {
    const { owner, contributor, outsider, journal } = await sharedMoment();
    const upload = await uploadPhoto(contributor.client, journal.id, await phoneJpeg(600, 400));
    expect(upload.status).toBe(201);
    const url = fullUrl(journal.id, upload.body.id);
    expect((await outsider.client.getBytes(url)).status).toBe(404);
    expect((await outsider.client.get(`/api/journals/${journal.id}/export`)).status).toBe(404);

    const removed = await owner.client.delete(
      `/api/journals/${journal.id}/members/${contributor.user.uid}`,
    );
    expect(removed.status).toBe(200);
    expect((await contributor.client.getBytes(url)).status).toBe(404);
    expect((await contributor.client.get(`/api/journals/${journal.id}/export`)).status).toBe(404);
    expect((await owner.client.getBytes(url)).status).toBe(200);
  });

  it('exports a turned photo turned, and an older photo (no copy) from its display size', async () => {
    const owner = await signedIn();
    const journal = await newMoment(owner.client);
    const turned = await uploadPhoto(owner.client, journal.id, await phoneJpeg(2000, 1000), {
      fields: { capturedAt: '2023-07-04T18:30:05' },
    });
    const older = await uploadPhoto(owner.client, journal.id, await phoneJpeg(2000, 1000));
    expect(
      (
        await owner.client.patch(`/api/journals/${journal.id}/images/${turned.body.id}`, {
          rotation: 90,
        })
      ).status,
    ).toBe(200);
    // As a photo stored before full-quality copies were kept.
    await photoBucket().file(`journals/${journal.id}/${older.body.id}/full.jpg`).delete();
    await adminDb
      .doc(`journals/${journal.id}/images/${older.body.id}`)
      .update({ fullBytes: FieldValue.delete(), capturedAt: FieldValue.delete() });

    const turnedBytes = (await owner.client.getBytes(fullUrl(journal.id, turned.body.id))).body;
    const turnedMeta = await sharp(turnedBytes).metadata();
    expect([turnedMeta.format, turnedMeta.width, turnedMeta.height]).toEqual(['jpeg', 1000, 2000]);
    expect((await exifOf(turnedBytes)).DateTimeOriginal).toBe('2023:07:04 18:30:05');

    const olderRes = await owner.client.getBytes(fullUrl(journal.id, older.body.id));
    const olderMeta = await sharp(olderRes.body).metadata();
    expect([olderMeta.format, olderMeta.width]).toEqual(['jpeg', PHOTO_SIZES.display]);

    const source = await owner.client.get<MomentExportSource>(`/api/journals/${journal.id}/export`);
    const byId = Object.fromEntries(source.body.photos.map((p) => [p.id, p]));
    expect(byId[turned.body.id]).toMatchObject({ fullQuality: true, rotation: 90 });
    expect(byId[older.body.id]).toMatchObject({ fullQuality: false, capturedAt: null });
  });

  it('goes with its photo, and with the moment', async () => {
    const owner = await signedIn();
    const journal = await newMoment(owner.client);
    const [first, second] = [
      await uploadPhoto(owner.client, journal.id, await phoneJpeg(500, 400)),
      await uploadPhoto(owner.client, journal.id, await phoneJpeg(500, 400)),
    ];
    const deleted = await owner.client.delete(
      `/api/journals/${journal.id}/images/${first.body.id}`,
    );
    expect(deleted.status).toBe(200);
    expect(await storedObjects(`journals/${journal.id}/${first.body.id}/`)).toEqual([]);
    expect((await owner.client.getBytes(fullUrl(journal.id, first.body.id))).status).toBe(404);
    expect(await storedObjects(`journals/${journal.id}/${second.body.id}/`)).toContain(
      `journals/${journal.id}/${second.body.id}/full.jpg`,
    );

    expect((await owner.client.delete(`/api/journals/${journal.id}`)).status).toBe(200);
    expect(await storedObjects(`journals/${journal.id}/`)).toEqual([]);
  });
});

describe('GET /api/journals/:id/export', () => {
  it('answers every photo and entry, and members by name and role without phone numbers', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const photos: JournalImage[] = [];
    for (let i = 0; i < 3; i += 1) {
      photos.push((await uploadPhoto(owner.client, journal.id, await phoneJpeg(300, 200))).body);
    }
    const first = await contributor.client.post(`/api/journals/${journal.id}/comments`, {
      text: 'Look at #photo 2',
      photoId: photos[0]!.id,
    });
    await owner.client.post(`/api/journals/${journal.id}/comments`, {
      text: 'Yes!',
      parentCommentId: first.body.id,
    });

    const res = await contributor.client.get<MomentExportSource>(
      `/api/journals/${journal.id}/export`,
    );
    expect(res.status).toBe(200);
    expect(res.body.moment).toMatchObject({ id: journal.id, title: 'Family reunion' });
    expect(res.body.photos.map((p) => p.seq).sort()).toEqual([1, 2, 3]);
    expect(res.body.entries.map((e) => [e.text, e.photoId, e.parentCommentId])).toEqual([
      ['Look at #photo 2', photos[0]!.id, null],
      ['Yes!', null, first.body.id],
    ]);
    expect(res.body.members.map((m) => [m.firstName, m.role]).sort()).toEqual([
      ['Cora', 'contributor'],
      ['Olive', 'owner'],
    ]);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(owner.user.phoneNumber);
    expect(text).not.toContain(contributor.user.phoneNumber);
  });
});
