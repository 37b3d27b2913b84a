// The exactly-once part of the party soak (`npm run bench -- soak`) at a size for every run on
// a shared 2-core machine: six members of one moment post at the same time, every send repeated
// at once with the same client-made id (a double tap, or a retry racing a lost answer); then
// photos the same way. Every entry and photo is stored once, under its id, and every badge
// counts each entry once.
import { randomUUID } from 'node:crypto';
import type { Comment, Journal, JournalImage, PostedComment } from '@moments/shared';
import type { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { adminDb } from '../support/emulators';
import { addContributor, newMoment, tokenSignedIn, type SignedIn } from '../support/moments';
import { imageForm, makeJpeg } from '../support/photos';

const MEMBERS = 6;
const PHOTOS = 2;
const ROUNDS = 8;

/** A moment of MEMBERS people, none of whom has viewed it. */
async function party() {
  const people: SignedIn[] = await Promise.all(
    Array.from({ length: MEMBERS }, (_, i) => tokenSignedIn({ firstName: `Guest${i + 1}` })),
  );
  const journal = await newMoment(people[0]!.client, { title: 'The party' });
  for (const guest of people.slice(1)) await addContributor(journal.id, guest.user);
  return { people, path: `/api/journals/${journal.id}`, journalId: journal.id };
}

const twiceAtOnce = <T>(send: () => Promise<T>) => Promise.all([send(), send()]);

describe('a party of six, every send repeated at once', () => {
  it('stores every entry once and counts it once in every badge', async () => {
    const { people, path, journalId } = await party();
    const entries = people.map((person, i) => ({
      person,
      body: { id: randomUUID(), text: `From guest ${i + 1}` },
    }));
    const answers = await Promise.all(
      entries.map(({ person, body }) =>
        twiceAtOnce(() => person.client.post<PostedComment>(`${path}/comments`, body)),
      ),
    );
    // Each entry: one send stored it (201), its repeat got the stored entry back (200).
    for (const [i, pair] of answers.entries()) {
      expect(pair.map((a) => a.status).sort()).toEqual([200, 201]);
      for (const answer of pair) expect(answer.body.id).toBe(entries[i]!.body.id);
    }
    const list = await people[0]!.client.get<Comment[]>(`${path}/comments`);
    expect(list.body.map((c) => c.id).sort()).toEqual(entries.map((e) => e.body.id).sort());

    // Nobody has viewed since: the badge is every entry by the others, each counted once.
    const badges = await Promise.all(
      people.map(async (person) => {
        const mine = await person.client.get<Journal[]>('/api/journals');
        return mine.body.find((j) => j.id === journalId)?.newCommentsCount;
      }),
    );
    expect(badges).toEqual(people.map(() => MEMBERS - 1));
  });

  it('stores every photo once, each in its own place', async () => {
    const { people, path, journalId } = await party();
    const photo = await makeJpeg({ width: 400, height: 300 });
    const uploads = people.slice(0, PHOTOS).map((person) => ({ person, id: randomUUID() }));
    const answers = await Promise.all(
      uploads.map(({ person, id }) =>
        twiceAtOnce(() =>
          person.client.postForm<JournalImage>(
            `${path}/images`,
            imageForm(photo, { fields: { id } }),
          ),
        ),
      ),
    );
    // Both sends of a photo answer with the one stored photo.
    for (const [i, pair] of answers.entries()) {
      for (const answer of pair) {
        expect([200, 201]).toContain(answer.status);
        expect(answer.body.id).toBe(uploads[i]!.id);
      }
    }
    const stored = await adminDb.collection(`journals/${journalId}/images`).get();
    expect(stored.docs.map((d) => d.id).sort()).toEqual(uploads.map((u) => u.id).sort());
    const moment = await people[0]!.client.get<Journal>(path);
    expect(moment.body.images.map((image) => image.orderIndex).sort()).toEqual([0, 1]);
    expect((await adminDb.doc(`journals/${journalId}`).get()).get('photoCount')).toBe(PHOTOS);
  });

  it('keeps every badge exact while people open the moment as others post', async () => {
    const { people, path, journalId } = await party();
    // Each round every guest posts while every guest marks the moment viewed, all at once:
    // views land between, before and after the posts' writes.
    for (let round = 0; round < ROUNDS; round += 1) {
      await Promise.all(
        people.flatMap((person, i) => [
          person.client.post(`${path}/comments`, { id: randomUUID(), text: `${round}-${i}` }),
          person.client.post(`${path}/view`, {}),
        ]),
      );
    }
    // A badge counts the entries by others stored after the person's last view.
    const entries = await adminDb.collection(`journals/${journalId}/comments`).get();
    for (const person of people) {
      const state = await adminDb.doc(`memberStates/${journalId}_${person.user.uid}`).get();
      // In commit order (markViewed's seenThrough): a post's createdAt is taken when its
      // request starts, so it may be older than a view it commits after. Timestamps compared
      // whole: a view and a post can fall in the same millisecond.
      const seenThrough = state.get('seenThrough') as Timestamp;
      const unseen = entries.docs.filter(
        (e) =>
          e.get('userId') !== person.user.uid && e.createTime.valueOf() > seenThrough.valueOf(),
      ).length;
      const mine = await person.client.get<Journal[]>('/api/journals');
      expect(mine.body.find((j) => j.id === journalId)?.newCommentsCount).toBe(unseen);
    }
  });
});
