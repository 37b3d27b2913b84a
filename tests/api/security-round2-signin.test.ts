// Sign-in limits a stranger must not get around nor turn against the owner (issue 38, items 1,
// 2, 11, 12): an IPv6 /64 is one client; a pending code can be tried only by browsers that asked
// for it, and strangers' wrong tries never use up the tries of the browser it was sent for; a
// family behind one address cannot overwrite each other's sign-up; an admin locked out by
// strangers gets back in with `npm run admin:unlock`.
import { execFile } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import {
  ADMIN_LOGIN_ERRORS,
  ADMIN_MAX_FAILED_LOGINS,
  ADMIN_USERNAME_MAX_FAILED_LOGINS,
  VERIFY_ERRORS,
} from '@moments/shared';
import { describe, expect, it } from 'vitest';
import { ADMIN_LOGIN_CLIENT_LIMIT } from '../../functions/src/features/auth/admin-login';
import { INVITE_TOKEN_LIMITS } from '../../functions/src/features/sharing/limits';
import { ADMIN_PASSWORD, createAdmin, tryAdminLogin } from '../support/admin';
import { ApiClient } from '../support/api';
import {
  adminDb,
  appUrl,
  createAdminCredentials,
  createUser,
  forwardedFor,
  latestCode,
  newClientAddress,
  newPhoneNumber,
} from '../support/emulators';

const run = promisify(execFile);

/** A code that is not `code`. */
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

/** A fresh /64 of the documentation range; `address(n)` is its n-th host. */
function newIPv6Network() {
  const hex = () => randomInt(0, 0x10000).toString(16);
  const prefix = `2001:db8:${hex()}:${hex()}`;
  return { address: (host: number) => `${prefix}::${host.toString(16)}` };
}

const fromAddress = (address: string) => ({ 'X-Forwarded-For': forwardedFor(address) });

/** The pending code's document (tries and bound browsers). */
const pendingCode = (phoneNumber: string) => adminDb.doc(`phoneVerifications/${phoneNumber}`).get();

describe('an IPv6 /64 is one client', () => {
  /**
   * Spends `limit` requests of a per-client allowance from `limit` different addresses of one
   * /64 (none refused), then checks that another address of that /64 is refused (429) while an
   * address of another /64 is not.
   */
  async function expectOneAllowancePer64(
    limit: number,
    send: (headers: Record<string, string>) => Promise<{ status: number }>,
  ) {
    const network = newIPv6Network();
    const spent: number[] = [];
    for (let host = 1; host <= limit; host++) {
      spent.push((await send(fromAddress(network.address(host)))).status);
    }
    expect(spent.filter((status) => status === 429)).toEqual([]);
    expect((await send(fromAddress(network.address(limit + 1)))).status).toBe(429);
    expect((await send(fromAddress(newIPv6Network().address(1)))).status).not.toBe(429);
  }

  it('check-user: ::1 … ::60 share 60 an hour; ::61 gets 429, another /64 does not', async () => {
    const client = new ApiClient();
    await expectOneAllowancePer64(60, (headers) =>
      client.post('/api/auth/check-user', { phoneNumber: newPhoneNumber() }, headers),
    );
  });

  it('request-code and verify without a pending code: 30 an hour per /64', async () => {
    const client = new ApiClient();
    await expectOneAllowancePer64(30, (headers) =>
      client.post('/api/auth/request-code', { phoneNumber: newPhoneNumber() }, headers),
    );
    await expectOneAllowancePer64(30, (headers) =>
      client.post('/api/auth/verify', { phoneNumber: newPhoneNumber(), code: '123456' }, headers),
    );
  });

  it('admin login tries, Apple sign-ins and invite-token use count per /64', async () => {
    const client = new ApiClient();
    // A different unknown username each time, so only the per-client limit is in play.
    await expectOneAllowancePer64(ADMIN_LOGIN_CLIENT_LIMIT.limit, (headers) =>
      client.post(
        '/api/auth/admin/login',
        { username: `nobody-${randomUUID().slice(0, 8)}`, password: 'wrong' },
        headers,
      ),
    );
    const origin = { Origin: await appUrl() };
    await expectOneAllowancePer64(30, (headers) =>
      client.post(
        '/api/auth/apple',
        { code: 'a-code', state: 'not-ours' },
        { ...origin, ...headers },
      ),
    );
    await expectOneAllowancePer64(INVITE_TOKEN_LIMITS.perClient.limit, (headers) =>
      client.post('/api/invites/preview', { token: randomUUID() }, headers),
    );
  }, 120_000);

  it('an IPv4-mapped IPv6 address is its IPv4 address', async () => {
    // The admin login's per-client lock: 5 failures from a.b.c.d lock ::ffff:a.b.c.d too.
    const admin = await createUser({ isAdmin: true });
    const username = `admin-${randomUUID().slice(0, 8)}`;
    await createAdminCredentials(admin.uid, username, 'right-password');
    const ipv4 = newClientAddress();
    const client = new ApiClient();
    for (let i = 0; i < 5; i++) {
      const res = await client.post(
        '/api/auth/admin/login',
        { username, password: 'wrong' },
        fromAddress(ipv4),
      );
      expect(res.status).toBe(401);
    }
    const mapped = await client.post(
      '/api/auth/admin/login',
      { username, password: 'right-password' },
      fromAddress(`::ffff:${ipv4}`),
    );
    expect(mapped.status).toBe(423);
    const elsewhere = await new ApiClient().post('/api/auth/admin/login', {
      username,
      password: 'right-password',
    });
    expect(elsewhere.status).toBe(200);
  });
});

describe("a stranger and someone else's pending code", () => {
  it("5 wrong guesses from 5 addresses that never asked touch nothing; the owner's code works", async () => {
    const person = await createUser();
    const owner = new ApiClient();
    expect(
      (await owner.post('/api/auth/request-code', { phoneNumber: person.phoneNumber })).status,
    ).toBe(200);
    const code = await latestCode(person.phoneNumber);
    const guesses = await Promise.all(
      Array.from({ length: 5 }, () =>
        new ApiClient().post('/api/auth/verify', {
          phoneNumber: person.phoneNumber,
          code: wrongFor(code),
        }),
      ),
    );
    // Told to ask for a code, as if none were pending for them; nothing was counted.
    expect(guesses.map((r) => r.status)).toEqual([410, 410, 410, 410, 410]);
    expect(guesses[0]?.body).toEqual({ message: VERIFY_ERRORS.expired });
    expect((await pendingCode(person.phoneNumber)).get('attempts')).toBe(0);
    const signedIn = await owner.post('/api/auth/verify', {
      phoneNumber: person.phoneNumber,
      code,
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ id: person.uid });
  }, 90_000);

  it("strangers who asked from 5 addresses and guessed wrong in parallel: the owner's code works", async () => {
    const person = await createUser();
    const owner = new ApiClient();
    await owner.post('/api/auth/request-code', { phoneNumber: person.phoneNumber });
    const code = await latestCode(person.phoneNumber);
    const strangers = Array.from({ length: 5 }, () => new ApiClient());
    for (const stranger of strangers) {
      // Asking while the owner's code is pending sends nothing and replaces nothing.
      const asked = await stranger.post('/api/auth/request-code', {
        phoneNumber: person.phoneNumber,
      });
      expect(asked.status).toBe(200);
    }
    expect(await latestCode(person.phoneNumber)).toBe(code);
    const guesses = await Promise.all(
      strangers.map((stranger) =>
        stranger.post('/api/auth/verify', {
          phoneNumber: person.phoneNumber,
          code: wrongFor(code),
        }),
      ),
    );
    expect(guesses.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    const pending = await pendingCode(person.phoneNumber);
    expect(pending.get('attempts')).toBe(5);
    expect(pending.get('senderAttempts')).toBe(0);
    const signedIn = await owner.post('/api/auth/verify', {
      phoneNumber: person.phoneNumber,
      code,
    });
    expect(signedIn.status).toBe(200);
  }, 90_000);

  it('the shared cap bounds guessing: at 8 tries used, 4 parallel wrong guesses get 2 tries', async () => {
    const person = await createUser();
    const owner = new ApiClient();
    await owner.post('/api/auth/request-code', { phoneNumber: person.phoneNumber });
    const code = await latestCode(person.phoneNumber);
    const strangers = Array.from({ length: 12 }, () => new ApiClient());
    for (const stranger of strangers) {
      await stranger.post('/api/auth/request-code', { phoneNumber: person.phoneNumber });
    }
    const guess = (stranger: ApiClient) =>
      stranger.post('/api/auth/verify', { phoneNumber: person.phoneNumber, code: wrongFor(code) });
    for (const stranger of strangers.slice(0, 8)) expect((await guess(stranger)).status).toBe(401);
    // Kept small: the Functions emulator starts a process for each request in flight.
    const burst = await Promise.all(strangers.slice(8).map(guess));
    expect(burst.map((r) => r.status).sort()).toEqual([401, 401, 410, 410]);
    expect((await pendingCode(person.phoneNumber)).get('attempts')).toBe(10);
    // Past the cap even the right code is refused to every stranger ...
    const right = await strangers[0]!.post('/api/auth/verify', {
      phoneNumber: person.phoneNumber,
      code,
    });
    expect(right.status).toBe(410);
    // ... but not to the browser the code was sent for.
    const signedIn = await owner.post('/api/auth/verify', {
      phoneNumber: person.phoneNumber,
      code,
    });
    expect(signedIn.status).toBe(200);
  }, 120_000);

  it('one address gets 5 tries of a code it did not send: a parallel burst of 7 costs 5', async () => {
    const person = await createUser();
    const owner = new ApiClient();
    await owner.post('/api/auth/request-code', { phoneNumber: person.phoneNumber });
    const code = await latestCode(person.phoneNumber);
    const stranger = new ApiClient();
    await stranger.post('/api/auth/request-code', { phoneNumber: person.phoneNumber });
    const burst = await Promise.all(
      Array.from({ length: 7 }, () =>
        stranger.post('/api/auth/verify', {
          phoneNumber: person.phoneNumber,
          code: wrongFor(code),
        }),
      ),
    );
    expect(burst.map((r) => r.status).sort()).toEqual([401, 401, 401, 401, 401, 410, 410]);
    // Another browser behind the same address shares that address's tries.
    const sameAddress = new ApiClient(stranger.clientAddress);
    await sameAddress.post('/api/auth/request-code', { phoneNumber: person.phoneNumber });
    expect(
      (await sameAddress.post('/api/auth/verify', { phoneNumber: person.phoneNumber, code }))
        .status,
    ).toBe(410);
    expect(
      (await owner.post('/api/auth/verify', { phoneNumber: person.phoneNumber, code })).status,
    ).toBe(200);
  }, 90_000);

  it('when a stranger asked first, the owner can still use the code after 5 strangers guess', async () => {
    const person = await createUser();
    const first = new ApiClient();
    await first.post('/api/auth/request-code', { phoneNumber: person.phoneNumber });
    const owner = new ApiClient();
    expect(
      (await owner.post('/api/auth/request-code', { phoneNumber: person.phoneNumber })).status,
    ).toBe(200);
    // The code on the owner's phone is the one the stranger's request sent.
    const code = await latestCode(person.phoneNumber);
    const strangers = Array.from({ length: 5 }, () => new ApiClient());
    for (const stranger of strangers) {
      await stranger.post('/api/auth/request-code', { phoneNumber: person.phoneNumber });
    }
    const guesses = await Promise.all(
      [first, ...strangers].map((stranger) =>
        stranger.post('/api/auth/verify', {
          phoneNumber: person.phoneNumber,
          code: wrongFor(code),
        }),
      ),
    );
    expect(guesses.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(
      (await owner.post('/api/auth/verify', { phoneNumber: person.phoneNumber, code })).status,
    ).toBe(200);
  }, 90_000);

  it("three rounds of strangers' guesses and requests leave the owner's requests and code working", async () => {
    const person = await createUser();
    const owner = new ApiClient();
    const ownerAsks = () =>
      owner.post('/api/auth/request-code', { phoneNumber: person.phoneNumber });
    expect((await ownerAsks()).status).toBe(200);
    const code = await latestCode(person.phoneNumber);
    for (let round = 0; round < 3; round++) {
      // 5 new addresses ask for the number's code and guess wrong (by the third round the
      // strangers' shared tries are long gone).
      await Promise.all(
        Array.from({ length: 5 }, async () => {
          const stranger = new ApiClient();
          await stranger.post('/api/auth/request-code', { phoneNumber: person.phoneNumber });
          await stranger.post('/api/auth/verify', {
            phoneNumber: person.phoneNumber,
            code: wrongFor(code),
          });
        }),
      );
      // The owner asks again, as someone whose code seems slow would: still answered, no 429.
      const again = await ownerAsks();
      expect(again.status).toBe(200);
    }
    expect(await latestCode(person.phoneNumber)).toBe(code);
    expect(
      (await owner.post('/api/auth/verify', { phoneNumber: person.phoneNumber, code })).status,
    ).toBe(200);
  }, 120_000);

  it('the browser that sent the code, after 5 wrong tries of its own, asks again and gets a new one', async () => {
    const person = await createUser();
    const owner = new ApiClient();
    await owner.post('/api/auth/request-code', { phoneNumber: person.phoneNumber });
    const code = await latestCode(person.phoneNumber);
    for (let i = 0; i < 5; i++) {
      await owner.post('/api/auth/verify', {
        phoneNumber: person.phoneNumber,
        code: wrongFor(code),
      });
    }
    expect(
      (await owner.post('/api/auth/verify', { phoneNumber: person.phoneNumber, code })).status,
    ).toBe(410);
    expect(
      (await owner.post('/api/auth/request-code', { phoneNumber: person.phoneNumber })).status,
    ).toBe(200);
    const fresh = await pendingCode(person.phoneNumber);
    expect(fresh.get('attempts')).toBe(0);
    const signedIn = await owner.post('/api/auth/verify', {
      phoneNumber: person.phoneNumber,
      code: await latestCode(person.phoneNumber),
    });
    expect(signedIn.status).toBe(200);
  }, 90_000);
});

describe('sign-ups behind one shared address (a family NAT)', () => {
  it("a second sign-up for a pending number does not replace the first person's details", async () => {
    const phoneNumber = newPhoneNumber();
    const address = newClientAddress();
    const rightful = new ApiClient(address);
    const sibling = new ApiClient(address);
    const signup = (client: ApiClient, firstName: string) =>
      client.post('/api/auth/signup', {
        phoneNumber,
        firstName,
        lastName: 'Family',
        email: `${firstName.toLowerCase()}@example.com`,
        termsAccepted: true,
      });
    expect((await signup(rightful, 'Rightful')).status).toBe(200);
    // Both at once from the same address, the second browser twice.
    const others = await Promise.all([signup(sibling, 'Sibling'), signup(sibling, 'Sibling')]);
    expect(others.map((r) => r.status)).toEqual([200, 200]);
    const verified = await rightful.verifyLatestCode(phoneNumber);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({
      firstName: 'Rightful',
      lastName: 'Family',
      email: 'rightful@example.com',
    });
    const stored = await adminDb.doc(`users/${verified.body.id as string}`).get();
    expect(stored.get('firstName')).toBe('Rightful');
    expect(stored.get('email')).toBe('rightful@example.com');
  }, 90_000);
});

describe('the admin login lock', () => {
  it("a stranger's parallel wrong passwords lock the stranger's address, not the admin's", async () => {
    const admin = await createAdmin();
    const stranger = new ApiClient();
    const burst = await Promise.all(
      Array.from({ length: 7 }, (_, i) => tryAdminLogin(stranger, admin.username, `wrong-${i}`)),
    );
    expect(burst.map((r) => r.status).sort()).toEqual([401, 401, 401, 401, 401, 423, 423]);
    const locked = await tryAdminLogin(stranger, admin.username, ADMIN_PASSWORD);
    expect(locked.status).toBe(423);
    expect(locked.body).toEqual({ message: ADMIN_LOGIN_ERRORS.locked });
    const fromAdmin = await tryAdminLogin(new ApiClient(), admin.username, ADMIN_PASSWORD);
    expect(fromAdmin.status).toBe(200);
    expect(fromAdmin.body).toMatchObject({ id: admin.uid, isAdmin: true });
  }, 90_000);

  it('failures from many addresses lock the username for all; npm run admin:unlock ends it', async () => {
    const { username } = await createAdmin();
    const fullClients = ADMIN_USERNAME_MAX_FAILED_LOGINS / ADMIN_MAX_FAILED_LOGINS - 1;
    for (let i = 0; i < fullClients; i++) {
      const client = new ApiClient();
      const tries = await Promise.all(
        Array.from({ length: 5 }, () => tryAdminLogin(client, username, 'wrong')),
      );
      expect(tries.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    }
    // The last 5 failures before the lock, and 3 more, at once from 8 addresses.
    const burst = await Promise.all(
      Array.from({ length: 8 }, () => tryAdminLogin(new ApiClient(), username, 'wrong')),
    );
    expect(burst.map((r) => r.status).sort()).toEqual([401, 401, 401, 401, 401, 423, 423, 423]);
    expect((await tryAdminLogin(new ApiClient(), username, ADMIN_PASSWORD)).status).toBe(423);

    const { stdout } = await run(
      'npx',
      ['tsx', 'scripts/admin-unlock.ts', '--username', username],
      {
        cwd: new URL('../..', import.meta.url),
        env: process.env,
        timeout: 90_000,
      },
    );
    expect(stdout).toContain(`The admin login "${username}" is unlocked`);
    expect((await tryAdminLogin(new ApiClient(), username, ADMIN_PASSWORD)).status).toBe(200);
  }, 120_000);

  it('admin:unlock refuses a missing username', async () => {
    await expect(
      run('npx', ['tsx', 'scripts/admin-unlock.ts'], {
        cwd: new URL('../..', import.meta.url),
        env: process.env,
        timeout: 90_000,
      }),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('Username is required') });
  }, 90_000);
});
