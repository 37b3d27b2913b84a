import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, type CodeRequestAnswer } from '@moments/shared';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client';
import { SignInFlow } from './sign-in-flow';

vi.mock('../../../lib/api-client', () => ({
  api: { get: vi.fn(), post: vi.fn() },
  setIdTokenSource: vi.fn(),
}));

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);

const SENT_AT = new Date(2026, 10, 28, 14, 2);
const EXPIRES_AT = new Date(2026, 10, 28, 14, 12);

function answer(codeSent: boolean): CodeRequestAnswer {
  return {
    success: true,
    codeSent,
    sentAt: SENT_AT.toISOString(),
    expiresAt: EXPIRES_AT.toISOString(),
    expiresInSeconds: 600,
  };
}

/** The person's locale writes times on a 12-hour clock, or not. */
function clockOf(hour12: boolean) {
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolved.call(this), hour12 };
  });
}

/** Asks for a code on the auth page's sign-in form and waits for the code step. */
async function askForCode() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/auth']}>
        <SignInFlow signUp={false} onSignUpChange={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Phone number/), '4155552671');
  await user.click(screen.getByRole('button', { name: 'Send Code' }));
  await screen.findByLabelText(/^Verification code/);
  expect(post).toHaveBeenCalledWith(
    '/api/auth/request-code',
    expect.objectContaining({ phoneNumber: '+14155552671' }),
    expect.anything(),
  );
}

describe('asking for a code while one is pending', () => {
  beforeEach(() => {
    get.mockReset();
    post.mockReset();
    // Nobody is signed in.
    get.mockRejectedValue(new HttpError(401, 'Not signed in'));
  });
  afterEach(() => vi.restoreAllMocks());

  it('says when the pending code was sent and until when it works, on a 24-hour clock', async () => {
    clockOf(false);
    post.mockResolvedValue(answer(false));
    await askForCode();
    expect(screen.getByRole('status').textContent).toBe(
      'A code was sent at 14:02; it works until 14:12.',
    );
  });

  it('writes the times on a 12-hour clock where the locale does', async () => {
    clockOf(true);
    post.mockResolvedValue(answer(false));
    await askForCode();
    expect(screen.getByRole('status').textContent).toBe(
      'A code was sent at 2:02 PM; it works until 2:12 PM.',
    );
  });

  it('says nothing more when a new code was sent', async () => {
    post.mockResolvedValue(answer(true));
    await askForCode();
    screen.getByText(/^Enter the 6-digit code we sent to/);
    expect(screen.queryByText(/A code was sent at/)).toBeNull();
  });
});
