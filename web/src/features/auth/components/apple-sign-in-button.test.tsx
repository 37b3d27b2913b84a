import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpError, type AppleSignInConfig } from '@moments/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client';
import { AppleSignInButton } from './apple-sign-in-button';

vi.mock('../../../lib/api-client', () => ({ api: { get: vi.fn(), post: vi.fn() } }));

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);
const config: AppleSignInConfig = {
  clientId: 'com.example.moments',
  authorizeUrl: 'https://appleid.example/auth/authorize',
};

function withQueries(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** The server's Apple settings, answered when the test says so. */
function configLater() {
  let answer!: (value: AppleSignInConfig | Promise<never>) => void;
  get.mockReturnValue(new Promise((resolve) => (answer = resolve)));
  return answer;
}

describe('AppleSignInButton', () => {
  const assign = vi.fn();
  beforeEach(() => {
    get.mockReset();
    post.mockReset();
    assign.mockReset();
    vi.stubGlobal('location', { ...window.location, origin: 'https://moments.test', assign });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows at once, before the server has said how Apple is set up', () => {
    configLater();
    render(withQueries(<AppleSignInButton flow="app" />));
    expect(screen.getByRole('button', { name: 'Sign in with Apple' })).toHaveProperty(
      'disabled',
      false,
    );
    screen.getByText(
      'By continuing with Apple you agree to the terms of service and privacy policy.',
    );
  });

  it('a press before the settings arrived waits for them, then goes to Apple', async () => {
    const answer = configLater();
    post.mockResolvedValue({ state: 'state-1' });
    render(withQueries(<AppleSignInButton flow="app" />));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with Apple' }));
    answer(config);
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    const url = new URL(assign.mock.calls[0]![0] as string);
    expect(url.origin + url.pathname).toBe(config.authorizeUrl);
    expect(url.searchParams.get('client_id')).toBe(config.clientId);
    expect(url.searchParams.get('state')).toBe('state-1');
  });

  it('goes away where the server says Sign in with Apple is not set up', async () => {
    const answer = configLater();
    render(withQueries(<AppleSignInButton flow="app" />));
    answer(Promise.reject(new HttpError(404, 'Not set up')));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Sign in with Apple' })).toBeNull(),
    );
  });
});
