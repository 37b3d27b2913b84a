// Photos are cached as what they are: every photo URL names bytes that never change, so the
// browser may keep them for a year without asking again; a turn gives new URLs.
import type { InvitePreview, JournalImage } from '@moments/shared';
import { PHOTO_SIZE_NAMES, photoSizeUrl } from '@moments/shared';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api';
import { sharedMoment, signedIn } from '../support/moments';
import { imageForm, makeJpeg, uploadPhoto } from '../support/photos';
import { createInviteLink, previewInvite } from '../support/sharing';

const IMMUTABLE = 'private, max-age=31536000, immutable';

describe('photo caching', () => {
  it('serves every size of a photo as immutable, and a turn names new bytes by a new URL', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const photo = (await uploadPhoto(owner.client, journal.id)).body;
    const upright = new Map<string, Buffer>();
    for (const size of PHOTO_SIZE_NAMES) {
      const res = await contributor.client.getBytes(photoSizeUrl(photo.imageUrl, size));
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
      upright.set(size, res.body);
    }

    const turned = await owner.client.patch<JournalImage>(
      `/api/journals/${journal.id}/images/${photo.id}`,
      { rotation: 90 },
    );
    expect(turned.status).toBe(200);
    expect(turned.body.imageUrl).not.toBe(photo.imageUrl);
    expect(turned.body.thumbUrl).not.toBe(photo.thumbUrl);
    for (const size of PHOTO_SIZE_NAMES) {
      const res = await contributor.client.getBytes(photoSizeUrl(turned.body.imageUrl, size));
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
      expect(res.body.equals(upright.get(size)!)).toBe(false);
      // What an old URL names stays what it was: a browser that kept it is still right.
      const old = await contributor.client.getBytes(photoSizeUrl(photo.imageUrl, size));
      expect(old.body.equals(upright.get(size)!)).toBe(true);
    }

    // Turned back: the URL, and the bytes, of the photo as uploaded.
    const back = await owner.client.patch<JournalImage>(
      `/api/journals/${journal.id}/images/${photo.id}`,
      { rotation: 0 },
    );
    expect(back.body.imageUrl).toBe(photo.imageUrl);
    const again = await contributor.client.getBytes(photo.imageUrl);
    expect(again.body.equals(upright.get('display')!)).toBe(true);
  });

  it('keeps the URL through a re-crop, whose bytes are the same (the page positions them)', async () => {
    const { owner, journal } = await sharedMoment();
    const photo = (await uploadPhoto(owner.client, journal.id)).body;
    const before = await owner.client.getBytes(photo.imageUrl);
    const cropped = await owner.client.patch<JournalImage>(
      `/api/journals/${journal.id}/images/${photo.id}`,
      { cropPosition: 80 },
    );
    expect(cropped.status).toBe(200);
    expect(cropped.body.cropPosition).toBe(80);
    expect(cropped.body.imageUrl).toBe(photo.imageUrl);
    const after = await owner.client.getBytes(cropped.body.imageUrl);
    expect(after.body.equals(before.body)).toBe(true);
  });

  it('serves profile pictures as immutable (each upload gets a new name)', async () => {
    const { client } = await signedIn();
    const first = await client.postForm<{ imageUrl: string }>(
      '/api/upload',
      imageForm(await makeJpeg()),
    );
    const second = await client.postForm<{ imageUrl: string }>(
      '/api/upload',
      imageForm(await makeJpeg({ colour: '#aa3355' })),
    );
    expect(first.body.imageUrl).not.toBe(second.body.imageUrl);
    const other = await signedIn();
    const res = await other.client.getBytes(first.body.imageUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
  });

  it("gives an invite's cover a new URL when the cover turns or changes; old ones are 404s", async () => {
    const { owner, journal } = await sharedMoment();
    const first = (await uploadPhoto(owner.client, journal.id)).body;
    const link = await createInviteLink(owner.client, journal.id);
    const coverUrl = async () =>
      ((await previewInvite(link.token)).body as InvitePreview).coverUrl!;

    const original = await coverUrl();
    const cover = await new ApiClient().getBytes(original);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('cache-control')).toBe(IMMUTABLE);

    await owner.client.patch(`/api/journals/${journal.id}/images/${first.id}`, { rotation: 180 });
    const turned = await coverUrl();
    expect(turned).not.toBe(original);
    const turnedCover = await new ApiClient().getBytes(turned);
    expect(turnedCover.status).toBe(200);
    expect(turnedCover.body.equals(cover.body)).toBe(false);
    expect((await new ApiClient().getBytes(original)).status).toBe(404);

    const second = (await uploadPhoto(owner.client, journal.id)).body;
    await owner.client.patch(`/api/journals/${journal.id}`, { coverImageId: second.id });
    const changed = await coverUrl();
    expect(changed).not.toBe(turned);
    expect((await new ApiClient().getBytes(changed)).status).toBe(200);
    expect((await new ApiClient().getBytes(turned)).status).toBe(404);
  });
});
