import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api';
import { adminDb, createAdminCredentials, createUser, newPhoneNumber } from '../support/emulators';

const signupBody = (phoneNumber: string) => ({
  phoneNumber,
  firstName: 'Grace',
  lastName: 'Hopper',
  email: '',
  termsAccepted: true,
  isSignUp: true,
});

describe('POST /api/auth/signup', () => {
  it('sends a code, then verify creates the account with the form fields and needsOnboarding', async () => {
    const phoneNumber = newPhoneNumber();
    const client = new ApiClient();
    const sent = await client.post('/api/auth/signup', signupBody(phoneNumber));
    expect(sent.status).toBe(200);
    const verified = await client.verifyLatestCode(phoneNumber);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      phoneNumber,
      needsOnboarding: true,
      isAdmin: false,
    });
    const user = await adminDb.doc(`users/${verified.body.id}`).get();
    expect(user.get('termsAccepted')).toBe(true);
  });

  it('answers 409 with the spec message for a registered number', async () => {
    const person = await createUser();
    const res = await new ApiClient().post('/api/auth/signup', signupBody(person.phoneNumber));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      message: 'This phone number is already registered. Try signing in instead.',
    });
  });

  it('answers 400 "You must accept the terms and conditions" without the checkbox', async () => {
    const res = await new ApiClient().post('/api/auth/signup', {
      ...signupBody(newPhoneNumber()),
      termsAccepted: false,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'You must accept the terms and conditions' });
  });

  it('answers 400 "First name is required" without a first name', async () => {
    const res = await new ApiClient().post('/api/auth/signup', {
      ...signupBody(newPhoneNumber()),
      firstName: '  ',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'First name is required' });
  });

  it('answers 404 to verify for a number that never asked for a code', async () => {
    const res = await new ApiClient().post('/api/auth/verify', {
      phoneNumber: newPhoneNumber(),
      code: '123456',
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Phone number not found. Please sign up first.' });
  });
});

describe('POST /api/auth/onboard and PATCH /api/user', () => {
  it('completes onboarding, so the next sign-in no longer needs it', async () => {
    const phoneNumber = newPhoneNumber();
    const client = new ApiClient();
    await client.post('/api/auth/signup', signupBody(phoneNumber));
    await client.verifyLatestCode(phoneNumber);
    const onboarded = await client.post('/api/auth/onboard', {
      firstName: 'Grace',
      lastName: 'Brewster',
      profilePictureUrl: null,
    });
    expect(onboarded.status).toBe(200);
    expect(onboarded.body).toMatchObject({ firstName: 'Grace', lastName: 'Brewster' });
    const again = await new ApiClient().signIn(phoneNumber);
    expect(again.body).toMatchObject({ needsOnboarding: false });
  });

  it('takes the first name alone, with a recovery email (the invite profile step)', async () => {
    const person = await createUser();
    const client = new ApiClient();
    await client.signIn(person.phoneNumber);
    const res = await client.post('/api/auth/onboard', {
      firstName: 'Ines',
      lastName: '',
      email: 'ines@example.com',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      firstName: 'Ines',
      lastName: null,
      email: 'ines@example.com',
    });
    const blank = await client.post('/api/auth/onboard', { firstName: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ message: 'First name is required' });
  });

  it('refuses a picture URL that is not the person’s own upload', async () => {
    const person = await createUser();
    const client = new ApiClient();
    await client.signIn(person.phoneNumber);
    const res = await client.post('/api/auth/onboard', {
      firstName: 'A',
      lastName: 'B',
      profilePictureUrl: 'https://tracker.example/pixel.gif',
    });
    expect(res.status).toBe(400);
  });

  it('requires a signed-in caller', async () => {
    const res = await new ApiClient().post('/api/auth/onboard', { firstName: 'A', lastName: 'B' });
    expect(res.status).toBe(401);
  });

  it('updates names and recovery email, and copies the name into the moments the person is in', async () => {
    const person = await createUser({ firstName: 'Old' });
    await adminDb.doc('journals/profile-sync-test').set({
      userId: person.uid,
      title: 't',
      memberIds: [person.uid],
      members: { [person.uid]: { role: 'owner', firstName: 'Old', lastName: 'Name' } },
    });
    const client = new ApiClient();
    await client.signIn(person.phoneNumber);
    const res = await client.request('PATCH', '/api/user', {
      firstName: 'New',
      lastName: 'Name',
      email: 'new@example.com',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: 'New', email: 'new@example.com' });
    const journal = await adminDb.doc('journals/profile-sync-test').get();
    expect(journal.get(`members.${person.uid}.firstName`)).toBe('New');
  });

  it('changes only the picture, or only the email, without the names', async () => {
    const person = await createUser({ firstName: 'Kept', lastName: 'Names' });
    const client = new ApiClient();
    await client.signIn(person.phoneNumber);
    const picture = await client.patch('/api/user', { profilePictureUrl: null });
    expect(picture.status).toBe(200);
    expect(picture.body).toMatchObject({ firstName: 'Kept', lastName: 'Names' });
    const email = await client.patch('/api/user', { email: 'only@example.com' });
    expect(email.status).toBe(200);
    expect(email.body).toMatchObject({ firstName: 'Kept', email: 'only@example.com' });
    expect((await client.patch('/api/user', {})).body).toEqual({ message: 'Nothing to update' });
  });

  it('answers 400 "Last name is required" for a blank last name', async () => {
    const person = await createUser();
    const client = new ApiClient();
    await client.signIn(person.phoneNumber);
    const res = await client.request('PATCH', '/api/user', { firstName: 'A', lastName: '' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Last name is required' });
  });
});

describe('POST /api/auth/admin/login', () => {
  async function adminWithPassword() {
    const admin = await createUser({ isAdmin: true });
    const username = `admin-${randomUUID().slice(0, 8)}`;
    await createAdminCredentials(admin.uid, username, 'right-password');
    return { admin, username };
  }

  it('signs an admin in with a session', async () => {
    const { admin, username } = await adminWithPassword();
    const client = new ApiClient();
    const res = await client.post('/api/auth/admin/login', {
      username,
      password: 'right-password',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: admin.uid, isAdmin: true });
    expect((await client.get('/api/user')).body).toMatchObject({ id: admin.uid, isAdmin: true });
  });

  it('answers 400 with "Username is required" and "Password is required"', async () => {
    const client = new ApiClient();
    const noUser = await client.post('/api/auth/admin/login', { username: '', password: 'x' });
    expect(noUser.body).toEqual({ message: 'Username is required' });
    const noPassword = await client.post('/api/auth/admin/login', { username: 'x', password: '' });
    expect(noPassword.body).toEqual({ message: 'Password is required' });
  });

  it('locks the account after 5 wrong passwords, even for the right one', async () => {
    const { username } = await adminWithPassword();
    const client = new ApiClient();
    for (let i = 0; i < 5; i++) {
      const res = await client.post('/api/auth/admin/login', { username, password: 'wrong' });
      expect(res.status).toBe(401);
    }
    const locked = await client.post('/api/auth/admin/login', {
      username,
      password: 'right-password',
    });
    expect(locked.status).toBe(423);
  });

  it('stores the username trimmed and in lower case, so any case signs in', async () => {
    const admin = await createUser({ isAdmin: true });
    const username = ` Admin-${randomUUID().slice(0, 8).toUpperCase()} `;
    await createAdminCredentials(admin.uid, username, 'right-password');
    const stored = await adminDb.doc(`credentials/${admin.uid}`).get();
    expect(stored.get('username')).toBe(username.trim().toLowerCase());
    const res = await new ApiClient().post('/api/auth/admin/login', {
      username: username.trim(),
      password: 'right-password',
    });
    expect(res.status).toBe(200);
  });

  it('refuses a non-admin even with the right password', async () => {
    const person = await createUser();
    const username = `user-${randomUUID().slice(0, 8)}`;
    await createAdminCredentials(person.uid, username, 'pw');
    const res = await new ApiClient().post('/api/auth/admin/login', { username, password: 'pw' });
    expect(res.status).toBe(401);
  });
});
