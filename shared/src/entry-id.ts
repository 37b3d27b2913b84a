// Client-made entry ids, apart from the schemas so that a screen can make one without zod.

const ENTRY_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A new client-made entry id: 20 characters like a Firestore id (about 119 bits). Uses
 * getRandomValues, which browsers offer on plain http too (randomUUID needs a secure page).
 */
export function newEntryId(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(20));
  return Array.from(bytes, (b) => ENTRY_ID_ALPHABET[b % ENTRY_ID_ALPHABET.length]).join('');
}
