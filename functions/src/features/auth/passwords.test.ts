import { describe, expect, it } from 'vitest';
import { hashPassword, newCredentials, normalizeUsername, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('accepts the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', stored)).toBe(false);
  });

  it('salts each hash, so equal passwords do not give equal hashes', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('never stores the password itself', async () => {
    expect(await hashPassword('visible-secret')).not.toContain('visible-secret');
  });

  it('refuses a malformed stored hash', async () => {
    expect(await verifyPassword('x', 'plain:x')).toBe(false);
  });
});

describe('admin credentials', () => {
  it('store the username trimmed and in lower case, as the login looks it up', async () => {
    expect(normalizeUsername('  Sam.Rivera ')).toBe('sam.rivera');
    const credentials = await newCredentials(' Sam.Rivera ', 'pw');
    expect(credentials).toMatchObject({ username: 'sam.rivera' });
    expect(await verifyPassword('pw', credentials.passwordHash)).toBe(true);
  });
});
