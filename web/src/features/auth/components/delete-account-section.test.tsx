// My Account's "Delete account" dialog: which fresh proof it offers (a passkey step, a texted
// code, or adding a passkey first), what it sends for each, and what a refusal shows. The api
// client, the WebAuthn calls and the sign-out are mocked; tests/e2e/account-delete.test.ts
// runs the real thing.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_DELETION_MESSAGES, HttpError, type DeletionProofsAnswer } from '@moments/shared';
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client';
import { DeleteAccountSection } from './delete-account-section';

vi.mock('../../../lib/api-client', () => ({
  api: { get: vi.fn(), post: vi.fn(), delete: vi.fn() },
  setIdTokenSource: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@simplewebauthn/browser')>()),
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
}));
vi.mock('../../../lib/firebase-loader', () => ({
  loadFirebase: () => Promise.resolve({ signOutClient: () => Promise.resolve() }),
}));
const { forgetThisDevice } = vi.hoisted(() => ({
  forgetThisDevice: vi.fn(() => Promise.resolve()),
}));
vi.mock('../api/logout', () => ({ useForgetThisDevice: () => forgetThisDevice }));

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);
const assertion = vi.mocked(startAuthentication);
const registration = vi.mocked(startRegistration);

/** What navigator.credentials.get() answers, as @simplewebauthn/browser serialises it. */
const PASSKEY_ANSWER = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key' as const,
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
};
const OPTIONS = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost' };

let proofs: DeletionProofsAnswer;

function answerServer(deleteAnswer: () => Promise<unknown> = () => Promise.resolve({})) {
  get.mockImplementation((path: string) => {
    if (path === '/api/account/deletion-proofs') return Promise.resolve(proofs);
    if (path === '/api/auth/passkeys') return Promise.resolve({ passkeys: [] });
    return Promise.reject(new Error(`unexpected GET ${path}`));
  });
  post.mockImplementation((path: string) => {
    switch (path) {
      case '/api/account/deletion-passkey':
      case '/api/auth/passkeys/options':
        return Promise.resolve(OPTIONS);
      case '/api/account/deletion-code':
        return Promise.resolve({ codeSent: true, phoneNumber: '+16505550101', expiresAt: '' });
      case '/api/auth/passkeys':
        proofs = { ...proofs, passkey: true };
        return Promise.resolve({ id: 'pk-1', name: 'Chrome on Linux' });
      case '/api/account/delete':
        return deleteAnswer();
      default:
        return Promise.reject(new Error(`unexpected POST ${path}`));
    }
  });
}

async function openDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DeleteAccountSection />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Delete my account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
  return { user, dialog: within(dialog) };
}

const deleteCalls = () => post.mock.calls.filter(([path]) => path === '/api/account/delete');

describe('DeleteAccountSection', () => {
  beforeEach(() => {
    get.mockReset();
    post.mockReset();
    assertion.mockReset().mockResolvedValue(PASSKEY_ANSWER);
    registration.mockReset();
    forgetThisDevice.mockClear();
  });
  afterEach(() => vi.clearAllMocks());

  it('with a passkey: the passkey step on Delete, sending the choices and its answer', async () => {
    proofs = { code: true, passkey: true };
    answerServer(() => Promise.resolve({ status: 'deleted' }));
    const { user, dialog } = await openDialog();
    await dialog.findByText(/your device asks for your passkey/);
    expect(dialog.getByRole('button', { name: 'Text me a code instead' })).toBeTruthy();
    await user.click(dialog.getByLabelText('Give each to the member who joined it first'));
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));

    await waitFor(() => expect(forgetThisDevice).toHaveBeenCalled());
    expect(assertion).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(deleteCalls()).toEqual([
      [
        '/api/account/delete',
        {
          sharedMoments: 'handOver',
          contributions: 'remove',
          passkey: PASSKEY_ANSWER,
        },
      ],
    ]);
    expect(post).not.toHaveBeenCalledWith('/api/account/deletion-code');
  });

  it('a closed passkey prompt shows nothing and deletes nothing; a refusal shows its message', async () => {
    proofs = { code: false, passkey: true };
    answerServer(() =>
      Promise.reject(
        new HttpError(400, JSON.stringify({ message: ACCOUNT_DELETION_MESSAGES.passkeyRefused })),
      ),
    );
    const { user, dialog } = await openDialog();
    await dialog.findByText(/your device asks for your passkey/);
    // No proven number: no code to switch to.
    expect(dialog.queryByRole('button', { name: 'Text me a code instead' })).toBeNull();
    assertion.mockRejectedValueOnce(
      Object.assign(new Error('The operation either timed out or was not allowed.'), {
        name: 'NotAllowedError',
      }),
    );
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(assertion).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: 'Delete my account' })).toHaveProperty(
        'disabled',
        false,
      ),
    );
    expect(dialog.queryByRole('alert')).toBeNull();
    expect(deleteCalls()).toEqual([]);

    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    expect(await dialog.findByRole('alert')).toHaveProperty(
      'textContent',
      ACCOUNT_DELETION_MESSAGES.passkeyRefused,
    );
    expect(deleteCalls()).toHaveLength(1);
    expect(forgetThisDevice).not.toHaveBeenCalled();
  });

  it('with a proven number only: Send code, then the code, checked by the schema first', async () => {
    proofs = { code: true, passkey: false };
    answerServer(() => Promise.resolve({ status: 'deleted' }));
    const { user, dialog } = await openDialog();
    await dialog.findByText('To be sure it is you, we will text a code to your phone number.');
    expect(dialog.queryByRole('button', { name: 'Use my passkey instead' })).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Send code' }));
    const code = await dialog.findByLabelText(/^Verification code/);
    await dialog.findByText(/Enter the 6-digit code we sent to/);
    await user.type(code, '12');
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    await dialog.findByText(ACCOUNT_DELETION_MESSAGES.codeLength);
    expect(deleteCalls()).toEqual([]);

    await user.type(code, '3456');
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(forgetThisDevice).toHaveBeenCalled());
    expect(deleteCalls()).toEqual([
      ['/api/account/delete', { sharedMoments: 'delete', contributions: 'remove', code: '123456' }],
    ]);
    expect(assertion).not.toHaveBeenCalled();
  });

  it('with both, the person may switch from the passkey to a code', async () => {
    proofs = { code: true, passkey: true };
    answerServer();
    const { user, dialog } = await openDialog();
    await user.click(await dialog.findByRole('button', { name: 'Text me a code instead' }));
    await dialog.findByRole('button', { name: 'Send code' });
    await user.click(dialog.getByRole('button', { name: 'Use my passkey instead' }));
    await dialog.findByText(/your device asks for your passkey/);
  });

  it('with neither a proven number nor a passkey: adds a passkey first, then offers its step', async () => {
    proofs = { code: false, passkey: false };
    registration.mockResolvedValue({
      id: 'Y3JlZA',
      rawId: 'Y3JlZA',
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON: 'e30', attestationObject: 'AA', transports: ['internal'] },
    });
    answerServer(() => Promise.resolve({ status: 'deleted' }));
    const { user, dialog } = await openDialog();
    await dialog.findByText(/You have none yet: add one on this device first/);
    expect(dialog.queryByRole('button', { name: 'Delete my account' })).toBeNull();
    expect(dialog.queryByRole('button', { name: 'Send code' })).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Add a passkey' }));

    await dialog.findByText(/your device asks for your passkey/);
    expect(registration).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    await user.click(dialog.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(forgetThisDevice).toHaveBeenCalled());
    expect(deleteCalls()).toHaveLength(1);
  });
});
