import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { HttpError, type CurrentUser } from '@moments/shared';
import type { ComponentProps } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client';
import { userQueryKey } from '../api/get-user';
import { SignInFlow } from './sign-in-flow';

vi.mock('../../../lib/api-client', () => ({
  api: { get: vi.fn(), post: vi.fn() },
  setIdTokenSource: vi.fn(),
}));

/** How often the phone form rendered. */
const phoneForm = vi.hoisted(() => ({ renders: 0 }));
vi.mock('./phone-form', async (importOriginal) => {
  const { PhoneForm } = await importOriginal<typeof import('./phone-form')>();
  return {
    PhoneForm: (props: ComponentProps<typeof PhoneForm>) => {
      phoneForm.renders += 1;
      return PhoneForm(props);
    },
  };
});

const get = vi.mocked(api.get);

/** GET /api/user answered when the test says (other calls never answer). */
function sessionLater() {
  let answer!: (user: CurrentUser | null) => void;
  const session = new Promise<CurrentUser>((resolve, reject) => {
    answer = (user) => (user ? resolve(user) : reject(new HttpError(401, 'Not signed in')));
  });
  get.mockImplementation((path: string) =>
    path === '/api/user' ? session : new Promise(() => undefined),
  );
  return answer;
}

function renderAuthPage(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/auth']}>
        <Routes>
          <Route path="/auth" element={<SignInFlow signUp={false} onSignUpChange={() => {}} />} />
          <Route path="/home" element={<p>Home</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

describe('SignInFlow', () => {
  beforeEach(() => {
    get.mockReset();
    phoneForm.renders = 0;
    localStorage.clear();
  });

  it('does not draw its form again when the session check answers that nobody is signed in', async () => {
    const answer = sessionLater();
    const client = renderAuthPage();
    screen.getByRole('heading', { name: 'Sign in' });
    const drawn = phoneForm.renders;
    answer(null);
    await waitFor(() => expect(client.getQueryData(userQueryKey)).toBeNull());
    // The query's observers are told in a task of their own.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(phoneForm.renders).toBe(drawn);
  });

  it('takes someone already signed in to /home', async () => {
    const answer = sessionLater();
    renderAuthPage();
    await act(async () => answer({ id: 'u1', isAdmin: false } as CurrentUser));
    await screen.findByText('Home');
  });
});
