// How the home list reads a moment: its tab and its cover. Plain functions, free of the UI kit
// and of Firebase, so that the first photo's preload (./first-photo) can use them too.
import type { Journal, JournalImage } from '@moments/shared';

/** Private: 0 or 1 collaborators; Shared: more than 1. */
export function isSharedJournal(journal: Pick<Journal, 'collaborators'>): boolean {
  return journal.collaborators.length > 1;
}

/** The cover photo if one is chosen, else the first photo. */
export function coverOf(journal: Journal): JournalImage | undefined {
  return journal.images.find((image) => image.id === journal.coverImageId) ?? journal.images[0];
}
