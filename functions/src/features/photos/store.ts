// Where photo bytes live: Cloud Storage in production; a folder under the emulators,
// because the Storage emulator cannot start offline (see docs/data-model.md).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { getStorage } from 'firebase-admin/storage';
import { isEmulated } from '../../lib/firebase';

export interface PhotoStore {
  put(path: string, bytes: Buffer, contentType: string): Promise<void>;
  get(path: string): Promise<Buffer | undefined>;
  /** Removes every object whose path starts with `prefix`. */
  removeAll(prefix: string): Promise<void>;
}

function localStore(root: string): PhotoStore {
  const file = (path: string) => {
    const full = resolve(root, path);
    if (!full.startsWith(resolve(root))) throw new Error('Path escapes the photo store');
    return full;
  };
  return {
    async put(path, bytes) {
      await mkdir(dirname(file(path)), { recursive: true });
      await writeFile(file(path), bytes);
    },
    async get(path) {
      try {
        return await readFile(file(path));
      } catch {
        return undefined;
      }
    },
    async removeAll(prefix) {
      await rm(file(prefix), { recursive: true, force: true });
    },
  };
}

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
      } catch {
        return undefined;
      }
    },
    async removeAll(prefix) {
      await bucket().deleteFiles({ prefix: prefix.endsWith('/') ? prefix : `${prefix}/` });
    },
  };
}

/** Local folder for emulator runs: PHOTO_STORE_DIR, else <repo>/.data/photos. */
function localRoot(): string {
  return process.env.PHOTO_STORE_DIR ?? join(__dirname, '..', '..', '.data', 'photos');
}

export const photoStore: PhotoStore =
  isEmulated || process.env.PHOTO_STORE_DIR ? localStore(localRoot()) : cloudStore();
