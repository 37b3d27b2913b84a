import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import MenuList from '@mui/material/MenuList';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushSettings } from '@moments/shared';
import { toast } from '../../../components/ui/toast';
import { api } from '../../../lib/api-client';
import { NOTIFICATION_TEXTS, NOTIFICATION_TOASTS } from '../utils/texts';
import { MuteMomentItem } from './mute-moment-item';

vi.mock('../../../lib/api-client', () => ({ api: { get: vi.fn(), put: vi.fn() } }));
vi.mock('../../../components/ui/toast', () => ({ toast: vi.fn() }));

function renderItem(settings: PushSettings, unavailable?: string) {
  vi.mocked(api.get).mockResolvedValue(settings);
  vi.mocked(api.put).mockImplementation((_path, body) => Promise.resolve(body));
  const onDone = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MenuList>
        <MuteMomentItem journalId="j1" onDone={onDone} unavailable={unavailable} />
      </MenuList>
    </QueryClientProvider>,
  );
  return { onDone, ...view };
}

const item = (name: string) => screen.findByRole('menuitem', { name: new RegExp(`^${name}`) });

describe('"Mute this moment"', () => {
  beforeEach(() => vi.clearAllMocks());

  it('mutes the moment, closes the menu, and offers to unmute after', async () => {
    const { onDone } = renderItem({ quietHours: null, mutedJournalIds: ['other'] });
    const mute = await item(NOTIFICATION_TEXTS.mute);
    await waitFor(() => expect(mute.getAttribute('aria-disabled')).toBeNull());
    fireEvent.click(mute);
    expect(onDone).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(api.put).toHaveBeenCalledWith('/api/journals/j1/mute', { muted: true }),
    );
    expect(await item(NOTIFICATION_TEXTS.unmute)).toBeTruthy();
  });

  it('unmutes a muted moment', async () => {
    renderItem({ quietHours: null, mutedJournalIds: ['j1'] });
    fireEvent.click(await item(NOTIFICATION_TEXTS.unmute));
    await waitFor(() =>
      expect(api.put).toHaveBeenCalledWith('/api/journals/j1/mute', { muted: false }),
    );
    expect(await item(NOTIFICATION_TEXTS.mute)).toBeTruthy();
  });

  it('says the moment is muted when the answer comes after the menu has closed', async () => {
    const { unmount } = renderItem({ quietHours: null, mutedJournalIds: [] });
    let answer!: (body: unknown) => void;
    vi.mocked(api.put).mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const mute = await item(NOTIFICATION_TEXTS.mute);
    await waitFor(() => expect(mute.getAttribute('aria-disabled')).toBeNull());
    fireEvent.click(mute);
    await waitFor(() => expect(api.put).toHaveBeenCalled());
    // The menu closes, and its item with it, before the server answers.
    unmount();
    answer({ muted: true });
    await waitFor(() => expect(toast).toHaveBeenCalledWith(NOTIFICATION_TOASTS.muted));
  });

  it('cannot be used offline, and says why', async () => {
    renderItem({ quietHours: null, mutedJournalIds: [] }, 'Needs a connection');
    const mute = await item(NOTIFICATION_TEXTS.mute);
    expect(mute.getAttribute('aria-disabled')).toBe('true');
    expect(mute.textContent).toContain('Needs a connection');
  });
});
