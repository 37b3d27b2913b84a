// GET /api/journals/:id/comments?limit=N&before=id (issue 45): the moment page's first answer
// is the timeline's newest page, and earlier pages follow their cursor without a gap or an
// overlap, also where entries share a createdAt. A member reads a page, nobody else does; bad
// paging input is a 400.
import type { Comment, CommentsPage } from '@moments/shared';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api';
import { sharedMoment } from '../support/moments';
import { seedEntries } from '../support/timeline';

const ENTRIES = 120;

describe('the timeline in pages', () => {
  it('answers the newest page, then each earlier one by its cursor, to the first entry', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    // Groups of three entries share a createdAt: the page boundaries fall inside groups.
    const seeded = await seedEntries(journal.id, owner.user, ENTRIES, { ties: 3 });
    const path = `/api/journals/${journal.id}/comments`;

    const pages: CommentsPage[] = [];
    let before: string | null | undefined;
    do {
      const query = `?limit=50${before ? `&before=${before}` : ''}`;
      const res = await contributor.client.get<CommentsPage>(`${path}${query}`);
      expect(res.status).toBe(200);
      pages.push(res.body);
      before = res.body.earlier;
    } while (before && pages.length < 5);

    expect(pages.map((page) => page.entries.length)).toEqual([50, 50, 20]);
    expect(pages.map((page) => page.earlier)).toEqual([
      pages[0]!.entries[0]!.id,
      pages[1]!.entries[0]!.id,
      null,
    ]);
    // Oldest first within a page; the pages, oldest first, are the whole timeline once.
    const all = pages.toReversed().flatMap((page) => page.entries);
    expect(all.map((entry) => entry.id)).toEqual(seeded.map((entry) => entry.id));
    expect(all[0]).toEqual({
      id: seeded[0]!.id,
      text: seeded[0]!.text,
      createdAt: new Date(seeded[0]!.at).toISOString(),
      photoId: null,
      parentCommentId: null,
      user: {
        id: owner.user.uid,
        firstName: owner.user.firstName,
        lastName: owner.user.lastName,
        profilePictureUrl: null,
      },
    } satisfies Comment);

    // Without limit, the whole timeline as before (oldest first).
    const whole = await contributor.client.get<Comment[]>(path);
    expect(whole.body.map((entry) => entry.id)).toEqual(seeded.map((entry) => entry.id));
  });

  it('answers a short timeline in one page with no cursor, and an empty one empty', async () => {
    const { owner, journal } = await sharedMoment();
    const path = `/api/journals/${journal.id}/comments?limit=50`;
    expect((await owner.client.get<CommentsPage>(path)).body).toEqual({
      entries: [],
      earlier: null,
    });
    const seeded = await seedEntries(journal.id, owner.user, 50);
    const page = await owner.client.get<CommentsPage>(path);
    expect(page.body.entries.map((entry) => entry.id)).toEqual(seeded.map((entry) => entry.id));
    expect(page.body.earlier).toBeNull();
  });

  it('refuses a page to an outsider (404) and a signed-out caller (401)', async () => {
    const { owner, outsider, journal } = await sharedMoment();
    const [first] = await seedEntries(journal.id, owner.user, 3);
    const path = `/api/journals/${journal.id}/comments`;
    for (const query of ['?limit=2', `?limit=2&before=${first!.id}`]) {
      const res = await outsider.client.get<{ message: string }>(`${path}${query}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Moment not found' });
      expect((await new ApiClient().get(`${path}${query}`)).status).toBe(401);
    }
  });

  it('answers bad paging input with a 400 and its reason', async () => {
    const { owner, journal } = await sharedMoment();
    const other = await sharedMoment();
    const [foreign] = await seedEntries(other.journal.id, other.owner.user, 1);
    const path = `/api/journals/${journal.id}/comments`;
    const limitMessage = 'limit must be a whole number from 1 to 200';
    const cases: [string, string][] = [
      ['?limit=0', limitMessage],
      ['?limit=201', limitMessage],
      ['?limit=2.5', limitMessage],
      ['?limit=many', limitMessage],
      ['?limit=', limitMessage],
      ['?limit=5&before=__x__', 'Invalid id'],
      ['?limit=5&before=no-such-entry', 'That entry is not part of this moment'],
      [`?limit=5&before=${foreign!.id}`, 'That entry is not part of this moment'],
    ];
    for (const [query, message] of cases) {
      const res = await owner.client.get<{ message: string }>(`${path}${query}`);
      expect([query, res.status, res.body]).toEqual([query, 400, { message }]);
    }
  });
});
