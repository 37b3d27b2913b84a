// Asking for a code again while one is pending sends nothing: the code step says why, in the
// person's clock and time zone, and the pending code still signs them in.
import { codeRequestAnswerSchema } from '@moments/shared';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api';
import { expectAccessible, typedPhoneNumber, useBrowser } from '../support/browser';
import { createUser, latestCode } from '../support/emulators';

const { newPage } = useBrowser();

/** India's time zone: half an hour off every whole-hour zone, so UTC's times cannot pass. */
const TIME_ZONE = 'Asia/Kolkata';

/** A time as a 24-hour clock in TIME_ZONE shows it, e.g. "14:02". */
function clockIn(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

describe('a code asked for again while one is pending', () => {
  it('says when the pending code was sent and until when it works; that code signs in', async () => {
    const person = await createUser({ firstName: 'Ravi' });
    // The person asked for a code on another device a moment ago.
    const elsewhere = await new ApiClient().post('/api/auth/request-code', {
      phoneNumber: person.phoneNumber,
    });
    const first = codeRequestAnswerSchema.parse(elsewhere.body);
    expect(first.codeSent).toBe(true);
    const code = await latestCode(person.phoneNumber);

    const page = await newPage({ locale: 'en-GB', timezoneId: TIME_ZONE });
    await page.goto('/auth');
    await page.getByLabel('Phone number').fill(typedPhoneNumber(person.phoneNumber));
    await page.getByRole('button', { name: 'Send Code' }).click();
    const note = page.getByRole('status').filter({ hasText: /^A code was sent at/ });
    await note.waitFor();
    expect(await note.textContent()).toBe(
      `A code was sent at ${clockIn(first.sentAt)}; it works until ${clockIn(first.expiresAt)}.`,
    );
    expect(await latestCode(person.phoneNumber)).toBe(code);
    await expectAccessible(page);

    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/home');
  });
});
