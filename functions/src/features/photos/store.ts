// Where photo bytes live: the project's default Cloud Storage bucket, through firebase-admin's
// getStorage() (the official @google-cloud/storage client). Under the emulators the client is
// pointed at scripts/storage-stand-in.mjs by STORAGE_EMULATOR_HOST, so tests run this code.
import { getStorage } from 'firebase-admin/storage';

export interface PhotoStore {
  put(path: string, bytes: Buffer, contentType: string): Promise<void>;
  get(path: string): Promise<Buffer | undefined>;
  /** Removes every object whose path starts with `prefix` (a folder: `prefix/`). */
  removeAll(prefix: string): Promise<void>;
}

/** The client's error for an object (or bucket) the service does not have. */
const isNotFound = (err: unknown) => (err as { code?: unknown } | null)?.code === 404;

function cloudStore(): PhotoStore {
  const bucket = () => getStorage().bucket();
  return {
    async put(path, bytes, contentType) {
      await bucket().file(path).save(bytes, { contentType, resumable: false });
    },
    async get(path) {
      try {
        const [bytes] = await bucket().file(path).download();
        return bytes;
      } catch (err) {
        // A missing photo is the caller's 404; a failing service stays an error.
        if (isNotFound(err)) return undefined;
        throw err;
      }
    },
    async removeAll(prefix) {
      await bucket().deleteFiles({ prefix: prefix.endsWith('/') ? prefix : `${prefix}/` });
    },
  };
}

export const photoStore: PhotoStore = cloudStore();
