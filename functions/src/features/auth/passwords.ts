import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

// scrypt with a per-password salt: slow and memory-hard, so a stolen hash resists guessing.
const PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 64;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return timingSafeEqual(actual, expected);
}

/**
 * Usernames match whatever the case or surrounding spaces typed: they are stored and looked up
 * in this form only.
 */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

/**
 * The `credentials/{uid}` document of an admin login: every place that creates one uses this.
 * Failed tries are counted per typed username elsewhere (adminLoginAttempts), so that unknown
 * usernames count and lock the same way.
 */
export async function newCredentials(username: string, password: string) {
  return {
    username: normalizeUsername(username),
    passwordHash: await hashPassword(password),
  };
}
