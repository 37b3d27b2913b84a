// GET /api/journals in pages (docs/data-model.md, "The home list in pages"): the first page is
// the pinned moments and the newest 30, each later page the 30 after a cursor, with the caller's
// pins and badges exact on every page.
import { JOURNALS_PAGE_SIZE, nextJournalCursor, type Journal } from '@moments/shared';
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api';
import { adminDb } from '../support/emulators';
import { manyMoments, markMoment } from '../support/many-moments';
import { signedIn, tokenSignedIn } from '../support/moments';

const pagePath = (after: string) => `/api/journals?after=${encodeURIComponent(after)}`;

/** Every page, as the home list asks for them, until one says it is the last. */
async function allPages(client: ApiClient): Promise<Journal[][]> {
  const first = await client.get<Journal[]>('/api/journals');
  expect(first.status).toBe(200);
  const pages = [first.body];
  for (let after = nextJournalCursor(first.body); after;) {
    const page = await client.get<Journal[]>(pagePath(after));
    expect(page.status).toBe(200);
    pages.push(page.body);
    after = nextJournalCursor(page.body);
  }
  return pages;
}

describe('GET /api/journals in pages', () => {
  it('answers the pinned moments and the newest 30 first, then 30 at a time, each moment once, pins and badges exact', async () => {
    const { user, client } = await tokenSignedIn({ firstName: 'Petra' });
    const friend = await tokenSignedIn({ firstName: 'Fred' });
    const moments = await manyMoments(user, {
      count: 75,
      sharedEvery: 4,
      with: friend.user,
    });
    // Pinned: one on the first page and one far down (the 70th); a badge on the 50th.
    await markMoment(moments[2]!.id, user, { isPinned: true });
    await markMoment(moments[69]!.id, user, { isPinned: true });
    await markMoment(moments[49]!.id, user, { newCommentsCount: 3 });

    const pages = await allPages(client);
    expect(pages.map((page) => page.length)).toEqual([31, 30, 15]);
    const [first] = pages;
    // Pinned first (newest first among them), then the newest 30, the 3rd of which is pinned.
    expect(first!.map((j) => j.id)).toEqual([
      moments[2]!.id,
      moments[69]!.id,
      ...moments
        .slice(0, 30)
        .filter((_, i) => i !== 2)
        .map((m) => m.id),
    ]);
    // Page 2 holds moments 31-60, page 3 moments 61-75 (with the 70th again, pinned).
    expect(pages[1]!.map((j) => j.id)).toEqual(moments.slice(30, 60).map((m) => m.id));
    expect(pages[2]!.map((j) => j.id)).toEqual([
      moments[69]!.id,
      ...moments
        .slice(60)
        .filter((_, i) => i !== 9)
        .map((m) => m.id),
    ]);
    const all = new Map(pages.flat().map((j) => [j.id, j]));
    expect(all.size).toBe(75);
    for (const [i, moment] of moments.entries()) {
      const journal = all.get(moment.id)!;
      expect(journal.isPinned, `moment ${i + 1}`).toBe(i === 2 || i === 69);
      expect(journal.newCommentsCount, `moment ${i + 1}`).toBe(i === 49 ? 3 : 0);
      expect(journal.collaborators, `moment ${i + 1}`).toHaveLength(i % 4 === 0 ? 2 : 1);
    }

    // The friend pages through only the 19 shared with them, and none of them pinned.
    const friendsPages = await allPages(friend.client);
    expect(friendsPages.flat().map((j) => j.id)).toEqual(
      moments.filter((m) => m.shared).map((m) => m.id),
    );
    expect(friendsPages.flat().some((j) => j.isPinned)).toBe(false);
  });

  it('misses no moment when several share the cursor\u2019s millisecond', async () => {
    const { user, client } = await tokenSignedIn();
    const moments = await manyMoments(user, { count: JOURNALS_PAGE_SIZE + 4 });
    // Moments 29 to 34 made within one millisecond, a microsecond apart: answers give times in
    // milliseconds, the stored ones have microseconds.
    const base = moments[27]!.createdAt.toMillis() - 10;
    const batch = adminDb.batch();
    moments.slice(28).forEach((moment, k) => {
      const createdAt = new Timestamp(
        Math.floor(base / 1000),
        (base % 1000) * 1e6 + 900_000 - k * 1000,
      );
      batch.update(adminDb.doc(`journals/${moment.id}`), { createdAt });
    });
    await batch.commit();

    const pages = await allPages(client);
    // Answers order a millisecond's moments by id, not by microsecond: the next page may repeat
    // one of them (the list shows it once), but never skips one.
    expect(pages).toHaveLength(2);
    expect(pages[0]).toHaveLength(JOURNALS_PAGE_SIZE);
    expect(new Set(pages.flat().map((j) => j.id))).toEqual(new Set(moments.map((m) => m.id)));
  });

  it("gives nobody a page of another person's moments, whatever cursor they send", async () => {
    const { user, client } = await tokenSignedIn();
    const moments = await manyMoments(user, { count: 40 });
    const outsider = await signedIn();
    const first = await outsider.client.get<Journal[]>('/api/journals');
    expect(first.status).toBe(200);
    expect(first.body).toEqual([]);
    // Another person's moment as the cursor: refused as a moment they cannot see.
    const page = await outsider.client.get<{ message: string }>(pagePath(moments[0]!.id));
    expect(page.status).toBe(404);
    expect(page.body.message).toBe('Moment not found');
    const missing = await outsider.client.get<{ message: string }>(pagePath('no-such-moment'));
    expect(missing.status).toBe(404);
    // The owner's own page after it: the next 30.
    const own = await client.get<Journal[]>(pagePath(moments[0]!.id));
    expect(own.body.map((j) => j.id)).toEqual(moments.slice(1, 31).map((m) => m.id));
  });

  it('refuses a malformed cursor (400) and a signed-out caller (401)', async () => {
    const { client } = await signedIn();
    for (const query of ['after=a%2Fb', 'after=__x__', 'after=', 'after=a&after=b']) {
      const res = await client.get<{ message: string }>(`/api/journals?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toBe('Invalid id');
    }
    const anonymous = await new ApiClient().get('/api/journals?after=abc');
    expect(anonymous.status).toBe(401);
  });
});
