// Moments refused to this reader on this device (removed, left, deleted): Firestore's
// persistent cache may still hold them as they were, so for these only the server's answer
// counts, also after a reload.
import { changeStoredList, readStoredList } from '../../../lib/stored-list';

export const REFUSED_KEY = 'moments.refusedMoments';
const REFUSED_MAX = 200;

export const isRefused = (id: string) => readStoredList(REFUSED_KEY).includes(id);

/** When storage is unavailable, the page shows the cached copy until the server says no. */
export function setRefused(id: string, value: boolean) {
  changeStoredList({ key: REFUSED_KEY, item: id, present: value, max: REFUSED_MAX });
}
