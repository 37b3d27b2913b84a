// What a code request answers: whether a code was sent and, either way, when the pending code
// was sent and until when it works, so a page can say why no new SMS comes.
import {
  codeRequestAnswerSchema,
  signupAnswerSchema,
  type CodeRequestAnswer,
} from '@moments/shared';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api';
import {
  adminDb,
  createUser,
  latestCode,
  newPhoneNumber,
  PROJECT_ID,
  requireEnv,
} from '../support/emulators';

const CODE_WORKS_MS = 10 * 60 * 1000;

/** How many codes the Auth emulator has "sent" to the number. */
async function codesSentTo(phoneNumber: string): Promise<number> {
  const host = requireEnv('FIREBASE_AUTH_EMULATOR_HOST');
  const res = await fetch(`http://${host}/emulator/v1/projects/${PROJECT_ID}/verificationCodes`);
  const { verificationCodes } = (await res.json()) as {
    verificationCodes: { phoneNumber: string }[];
  };
  return verificationCodes.filter((code) => code.phoneNumber === phoneNumber).length;
}

async function askForCode(phoneNumber: string, client = new ApiClient()) {
  const res = await client.post('/api/auth/request-code', { phoneNumber });
  expect(res.status).toBe(200);
  return codeRequestAnswerSchema.parse(res.body);
}

describe('POST /api/auth/request-code answers', () => {
  it('a new code: sent now, working for 10 minutes', async () => {
    const person = await createUser();
    const before = Date.now();
    const first = await askForCode(person.phoneNumber);
    const after = Date.now();

    expect(first.codeSent).toBe(true);
    const sentAt = Date.parse(first.sentAt);
    expect(sentAt).toBeGreaterThanOrEqual(before - 1000);
    expect(sentAt).toBeLessThanOrEqual(after);
    expect(Date.parse(first.expiresAt) - sentAt).toBe(CODE_WORKS_MS);
    expect(first.expiresInSeconds).toBeGreaterThan(590);
    expect(await codesSentTo(person.phoneNumber)).toBe(1);
  });

  it('while that code is pending: nothing sent, and the pending code’s times', async () => {
    const person = await createUser();
    const first = await askForCode(person.phoneNumber);
    const code = await latestCode(person.phoneNumber);

    // The same person asking again, and someone else asking for the number.
    const again = await askForCode(person.phoneNumber);
    const stranger = await askForCode(person.phoneNumber, new ApiClient());
    for (const answer of [again, stranger]) {
      expect(answer).toMatchObject({
        codeSent: false,
        sentAt: first.sentAt,
        expiresAt: first.expiresAt,
      } satisfies Partial<CodeRequestAnswer>);
    }
    expect(await codesSentTo(person.phoneNumber)).toBe(1);
    expect(await latestCode(person.phoneNumber)).toBe(code);
  });

  it('parallel requests for one number: one sends, every other answers that code', async () => {
    const person = await createUser();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => askForCode(person.phoneNumber, new ApiClient())),
    );
    expect(answers.filter((answer) => answer.codeSent)).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.sentAt)).size).toBe(1);
    expect(new Set(answers.map((answer) => answer.expiresAt)).size).toBe(1);
    expect(await codesSentTo(person.phoneNumber)).toBe(1);
  });

  it('once the pending code has run out, a new one is sent', async () => {
    const person = await createUser();
    const first = await askForCode(person.phoneNumber);
    await adminDb
      .doc(`phoneVerifications/${person.phoneNumber}`)
      .update({ expiresAt: new Date(Date.now() - 1000) });

    const next = await askForCode(person.phoneNumber);
    expect(next.codeSent).toBe(true);
    expect(Date.parse(next.sentAt)).toBeGreaterThan(Date.parse(first.sentAt));
    expect(await codesSentTo(person.phoneNumber)).toBe(2);
  });
});

describe('POST /api/auth/signup answers', () => {
  it('the same, with the number: a second sign-up while the code is pending sends nothing', async () => {
    const phoneNumber = newPhoneNumber();
    const form = { phoneNumber, firstName: 'Ada', lastName: 'Byron', termsAccepted: true };
    const client = new ApiClient();

    const first = await client.post('/api/auth/signup', form);
    expect(first.status).toBe(200);
    const sent = signupAnswerSchema.parse(first.body);
    expect(sent).toMatchObject({ codeSent: true, phoneNumber });

    const second = await client.post('/api/auth/signup', form);
    expect(second.status).toBe(200);
    expect(signupAnswerSchema.parse(second.body)).toMatchObject({
      codeSent: false,
      phoneNumber,
      sentAt: sent.sentAt,
      expiresAt: sent.expiresAt,
    });
    expect(await codesSentTo(phoneNumber)).toBe(1);
  });
});
