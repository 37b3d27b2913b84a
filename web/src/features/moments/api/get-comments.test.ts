import { QueryClient } from '@tanstack/react-query';
import type { Comment, PostedComment } from '@moments/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { commentsQueryKey, listenToComments, showPostedEntry } from './get-comments';

// The live-data worker's listener, driven by hand: `emit` is its next result.
let emit: (entries: Comment[]) => void = () => undefined;
vi.mock('./worker-source', () => ({
  workerSource: () => (next: (entries: Comment[]) => void) => {
    emit = next;
    return () => undefined;
  },
}));

function entry(id: string, minute: number, userId = 'maya'): Comment {
  return {
    id,
    text: id,
    createdAt: `2026-11-28T10:${String(minute).padStart(2, '0')}:00.000Z`,
    photoId: null,
    parentCommentId: null,
    user: { id: userId, firstName: 'Maya', lastName: 'Chen', profilePictureUrl: null },
  };
}

function posted(id: string, minute: number): PostedComment {
  const { user, ...rest } = entry(id, minute, 'ada');
  return {
    ...rest,
    userId: user.id,
    userFirstName: 'Ada',
    userLastName: null,
    userProfilePictureUrl: null,
  };
}

describe("the person's posted entry in a timeline whose listener lags", () => {
  let queryClient: QueryClient;
  let shown: Comment[][];
  beforeEach(() => {
    queryClient = new QueryClient();
    shown = [];
    listenToComments('j1')(
      (entries) => shown.push(entries),
      () => undefined,
    );
  });
  const ids = () => shown.at(-1)?.map((e) => e.id);

  it('stays on screen until the listener has it, then shows once', () => {
    queryClient.setQueryData(commentsQueryKey('j1'), [entry('a', 1)]);
    showPostedEntry(queryClient, 'j1', posted('mine', 3));
    expect(queryClient.getQueryData<Comment[]>(commentsQueryKey('j1'))?.map((e) => e.id)).toEqual([
      'a',
      'mine',
    ]);
    // A result from before the post (the journal changed, the entries' update is on its way).
    emit([entry('a', 1), entry('b', 2)]);
    expect(ids()).toEqual(['a', 'b', 'mine']);
    // The listener has it: once, in its place.
    emit([entry('a', 1), entry('b', 2), { ...entry('mine', 3, 'ada') }, entry('c', 4)]);
    expect(ids()).toEqual(['a', 'b', 'mine', 'c']);
    // From then on the listener's word is final (deleted later: gone).
    emit([entry('a', 1), entry('b', 2), entry('c', 4)]);
    expect(ids()).toEqual(['a', 'b', 'c']);
  });

  it('leaves a timeline that has not loaded to its listener', () => {
    showPostedEntry(queryClient, 'j1', posted('mine', 3));
    expect(queryClient.getQueryData(commentsQueryKey('j1'))).toBeUndefined();
    emit([entry('a', 1)]);
    expect(ids()).toEqual(['a']);
  });
});
