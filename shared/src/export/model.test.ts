import { describe, expect, it } from 'vitest';
import { buildMomentExport, photoSidecar, planPhotos } from './model';
import { momentExportSchema } from './schema';
import type { MomentExportSource } from './source';

const person = (id: string, firstName: string) => ({
  id,
  firstName,
  lastName: null,
  profilePictureUrl: null,
});

function photo(
  id: string,
  seq: number,
  orderIndex: number,
  extra: Partial<MomentExportSource['photos'][number]> = {},
) {
  return {
    id,
    seq,
    orderIndex,
    width: 2400,
    height: 1800,
    rotation: 0,
    cropPosition: 30,
    uploadedBy: 'maya',
    createdAt: `2024-05-0${seq}T10:00:00.000Z`,
    capturedAt: null,
    fullQuality: true,
    ...extra,
  };
}

function entry(
  id: string,
  at: string,
  text: string,
  extra: Partial<MomentExportSource['entries'][number]> = {},
) {
  return {
    id,
    text,
    createdAt: at,
    photoId: null,
    parentCommentId: null,
    user: person('maya', 'Maya'),
    ...extra,
  };
}

/** Photos with seq 1, 2, 4 and 5 (seq 3 was deleted), shown in another order than added. */
function source(): MomentExportSource {
  return {
    moment: {
      id: 'm1',
      title: 'Lake week',
      content: 'Five days by the water',
      ownerId: 'maya',
      coverImageId: 'p5',
      createdAt: '2024-05-01T09:00:00.000Z',
      updatedAt: '2024-05-06T09:00:00.000Z',
    },
    members: [
      {
        id: 'maya',
        firstName: 'Maya',
        lastName: 'Lopez',
        role: 'owner',
        joinedAt: '2024-05-01T09:00:00.000Z',
      },
      { id: 'leo', firstName: 'Leo', lastName: null, role: 'contributor', joinedAt: null },
    ],
    photos: [
      photo('p4', 4, 0, { capturedAt: '2024-04-30T18:45:10', uploadedBy: 'leo' }),
      photo('p1', 1, 3),
      photo('p5', 5, 1, { rotation: 90, fullQuality: false }),
      photo('p2', 2, 2),
    ],
    entries: [
      entry('e3', '2024-05-03T08:00:00.000Z', 'Answering', {
        parentCommentId: 'e1',
        user: person('leo', 'Leo'),
      }),
      entry('e1', '2024-05-02T08:00:00.000Z', 'Look at #photo 3 and #photo 9 and #photo 3 again'),
      entry('e2', '2024-05-02T09:00:00.000Z', 'Tied to the deleted one', { photoId: 'p3' }),
      entry('e4', '2024-05-04T08:00:00.000Z', 'About this', { photoId: 'p4' }),
      entry('e5', '2024-05-05T08:00:00.000Z', 'Parent gone', {
        parentCommentId: 'gone',
        user: person('sam', 'Sam'),
      }),
    ],
  };
}

const exportedAt = new Date('2024-06-01T12:00:00.000Z');

describe('the export model', () => {
  it('numbers photos by seq among those that exist, so file N is "#photo N" despite deletions', () => {
    const model = buildMomentExport(source(), { exportedAt });
    expect(model.photos.map((p) => [p.number, p.seq, p.file])).toEqual([
      [1, 1, 'photos/001.jpg'],
      [2, 2, 'photos/002.jpg'],
      [3, 4, 'photos/003.jpg'],
      [4, 5, 'photos/004.jpg'],
    ]);
    expect(planPhotos(source()).map((p) => p.id)).toEqual(['p1', 'p2', 'p4', 'p5']);
  });

  it('keeps the display order and the cover as fields, not as the numbering', () => {
    const model = buildMomentExport(source(), { exportedAt });
    expect(model.photos.map((p) => p.position)).toEqual([4, 3, 1, 2]);
    expect(model.photos.filter((p) => p.isCover).map((p) => p.number)).toEqual([4]);
  });

  it('ties entries to photo numbers, resolves mentions once each, and unties deleted photos', () => {
    const { entries } = buildMomentExport(source(), { exportedAt });
    const byId = Object.fromEntries(entries.map((e) => [e.id, e]));
    expect(byId.e1!.mentions).toEqual([3]); // #photo 9 does not exist: plain text
    expect(byId.e2!.photo).toBeNull();
    expect(byId.e4!.photo).toBe(3);
  });

  it('keeps replies to existing entries and makes orphaned replies entries of their own', () => {
    const { entries } = buildMomentExport(source(), { exportedAt });
    const byId = Object.fromEntries(entries.map((e) => [e.id, e]));
    expect(byId.e3!.replyTo).toBe('e1');
    expect(byId.e5!.replyTo).toBeNull();
  });

  it('orders entries oldest first and names authors who left as they posted', () => {
    const { entries } = buildMomentExport(source(), { exportedAt });
    expect(entries.map((e) => e.id)).toEqual(['e1', 'e2', 'e3', 'e4', 'e5']);
    expect(entries.at(-1)!.author).toEqual({ id: 'sam', firstName: 'Sam', lastName: null });
  });

  it('gives older photos their display size and applies the turn to the size', () => {
    const model = buildMomentExport(source(), { exportedAt });
    const older = model.photos.find((p) => p.seq === 5)!;
    expect([older.width, older.height, older.fullQuality]).toEqual([1200, 1600, false]);
    const kept = model.photos.find((p) => p.seq === 1)!;
    expect([kept.width, kept.height]).toEqual([2400, 1800]);
  });

  it('is valid against the published schema, with members by name and role only', () => {
    const model = buildMomentExport(source(), { exportedAt, bytesOf: () => 1234 });
    expect(momentExportSchema.parse(model)).toEqual(model);
    expect(model.photos.every((p) => p.bytes === 1234)).toBe(true);
    expect(Object.keys(model.members[0]!).sort()).toEqual([
      'firstName',
      'id',
      'joinedAt',
      'lastName',
      'role',
    ]);
  });

  it('dates a ZIP entry by the camera clock when known, else the upload time', () => {
    const [first, , third] = planPhotos(source());
    expect(third!.zipTime.getHours()).toBe(18);
    expect(third!.zipTime.getMinutes()).toBe(45);
    expect(first!.zipTime.toISOString()).toBe('2024-05-01T10:00:00.000Z');
  });

  it('writes a Takeout-style sidecar listing the entries about the photo', () => {
    const model = buildMomentExport(source(), { exportedAt });
    const sidecar = photoSidecar(model, model.photos[2]!);
    expect(sidecar.title).toBe('003.jpg');
    expect(sidecar.photoTakenTime?.localDateTime).toBe('2024-04-30T18:45:10');
    expect(sidecar.creationTime.timestamp).toBe(
      String(Date.parse('2024-05-04T10:00:00.000Z') / 1000),
    );
    expect(sidecar.entries).toEqual(['e1', 'e4']);
  });
});
