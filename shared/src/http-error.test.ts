import { describe, expect, it } from 'vitest';
import { HttpError, failedStatus, failureMessage } from './http-error';

const refused = new HttpError(
  409,
  JSON.stringify({ message: 'This phone number is already registered.' }),
);
const bare = new HttpError(502, '<html>Bad gateway</html>', 'Bad Gateway');
const offline = new TypeError('Failed to fetch');

describe('failedStatus', () => {
  it("is the answer's status, and undefined when no answer came", () => {
    expect(failedStatus(refused)).toBe(409);
    expect(failedStatus(offline)).toBeUndefined();
    expect(failedStatus(undefined)).toBeUndefined();
  });
});

describe('failureMessage', () => {
  it("tells the server's own message when its answer carried one", () => {
    expect(failureMessage(refused, 'Could not save.')).toBe(
      'This phone number is already registered.',
    );
    expect(failureMessage(refused)).toBe('This phone number is already registered.');
  });

  it('falls back when the answer had no message, or no answer came', () => {
    expect(failureMessage(bare, 'Could not save.')).toBe('Could not save.');
    expect(failureMessage(offline, 'Could not save.')).toBe('Could not save.');
    expect(failureMessage(offline)).toBeUndefined();
  });

  it("shows a local failure's own text only when asked to", () => {
    const local = new Error('This image could not be read.');
    expect(failureMessage(local, 'Upload failed', { ownText: true })).toBe(
      'This image could not be read.',
    );
    expect(failureMessage(local, 'Upload failed')).toBe('Upload failed');
    // An answer without a message is never shown as "502: <html>...".
    expect(failureMessage(bare, undefined, { ownText: true })).toBeUndefined();
  });
});
