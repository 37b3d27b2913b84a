// What the function takes in: bodies capped on their raw bytes, picture URLs of exactly the
// shape the upload answers, and response headers of the pages.
import { AUTH_SERVER_MESSAGES } from '@moments/shared';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api';
import { adminDb, appUrl, createUser } from '../support/emulators';
import { imageForm, makePng } from '../support/photos';

describe('request bodies', () => {
  it('refuses a JSON body over 64 KB with 413, on every route', async () => {
    const person = await createUser();
    const client = new ApiClient();
    await client.signIn(person.phoneNumber);
    const big = { firstName: 'A', padding: 'x'.repeat(70 * 1024) };
    for (const [method, path] of [
      ['PATCH', '/api/user'],
      ['POST', '/api/auth/check-user'],
      ['POST', '/api/journals'],
    ] as const) {
      const res = await client.request(method, path, big);
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ message: 'The request is too large.' });
    }
    const huge = await client.request('POST', '/api/auth/check-user', {
      padding: 'x'.repeat(5 * 1024 * 1024),
    });
    expect(huge.status).toBe(413);
    expect((await client.get('/api/user')).status).toBe(200);
  });
});

describe('profile picture URLs', () => {
  it('accept only the exact URL the upload answered, nothing longer or elsewhere', async () => {
    const person = await createUser();
    const client = new ApiClient();
    await client.signIn(person.phoneNumber);
    const form = imageForm(await makePng(64, 64), { type: 'image/png', filename: 'me.png' });
    const uploaded = await client.postForm<{ imageUrl: string }>('/api/upload', form);
    expect(uploaded.status).toBe(201);
    const url = uploaded.body.imageUrl;

    for (const bad of [
      `${url}/../../../other-user/picture/x.webp`,
      `/api/users/${person.uid}/picture/../../evil`,
      `${url}?${'x'.repeat(900 * 1024)}`.slice(0, 60 * 1024),
      `/api/users/${person.uid}/picture/${'a'.repeat(300)}.webp`,
      `https://evil.example${url}`,
    ]) {
      const res = await client.patch('/api/user', { profilePictureUrl: bad });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: AUTH_SERVER_MESSAGES.pictureNotUploaded });
    }
    const stored = await adminDb.doc(`users/${person.uid}`).get();
    expect(stored.get('profilePictureUrl')).toBeNull();
    expect((await client.patch('/api/user', { profilePictureUrl: url })).status).toBe(200);
  });
});

describe('page headers', () => {
  it('send a strict CSP, no framing, camera for the app only, and no public sourcemaps', async () => {
    const res = await fetch(`${await appUrl()}/auth`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'[^;]*;/);
    expect(csp.match(/script-src [^;]*/)?.[0]).not.toContain('unsafe-inline');
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('permissions-policy')).toContain('camera=(self)');

    const html = await res.text();
    // The app's entry: a module script's src, or what auth.html's loader adds after the paint.
    const script = html.match(/(?:src|data-entry)="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    const js = await (await fetch(`${await appUrl()}${script}`)).text();
    expect(js).not.toContain('sourceMappingURL');
    const map = await fetch(`${await appUrl()}${script}.map`);
    expect(await map.text()).not.toContain('"mappings"');
  });
});
