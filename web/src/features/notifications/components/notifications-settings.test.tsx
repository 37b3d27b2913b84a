import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushSettings } from '@moments/shared';
import { api } from '../../../lib/api-client';
import {
  currentSubscription,
  disablePush,
  enablePush,
  notificationPermission,
  pushAvailability,
} from '../../../lib/push-device';
import { NOTIFICATION_TEXTS, deviceTimeZone } from '../utils/texts';
import { NotificationsSettings } from './notifications-settings';

vi.mock('../../../lib/api-client', () => ({ api: { get: vi.fn(), put: vi.fn() } }));
vi.mock('../../../lib/push-device', () => ({
  currentSubscription: vi.fn(),
  disablePush: vi.fn(),
  enablePush: vi.fn(),
  notificationPermission: vi.fn(),
  pushAvailability: vi.fn(),
}));

function savedSettings(settings: Partial<PushSettings> = {}) {
  const answer: PushSettings = { quietHours: null, mutedJournalIds: [], ...settings };
  vi.mocked(api.get).mockResolvedValue(answer);
  vi.mocked(api.put).mockImplementation((_path, body) =>
    Promise.resolve({ ...answer, ...(body as object) }),
  );
}

function device(permission: NotificationPermission, subscribed: boolean) {
  vi.mocked(pushAvailability).mockReturnValue('available');
  vi.mocked(notificationPermission).mockReturnValue(permission);
  vi.mocked(currentSubscription).mockResolvedValue(
    subscribed ? ({ endpoint: 'https://push.example/1' } as PushSubscription) : null,
  );
}

function renderSettings() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <NotificationsSettings />
    </QueryClientProvider>,
  );
}

const deviceSwitch = () =>
  screen.getByRole<HTMLInputElement>('switch', { name: NOTIFICATION_TEXTS.deviceSwitch });
const quietSwitch = () =>
  screen.findByRole<HTMLInputElement>('switch', { name: NOTIFICATION_TEXTS.quietHoursSwitch });

describe('My Account: Notifications', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    savedSettings();
  });

  it('turns this device on from the switch, and shows it on', async () => {
    device('default', false);
    vi.mocked(enablePush).mockImplementation(async () => {
      device('granted', true);
      return 'granted';
    });
    renderSettings();
    await waitFor(() => expect(deviceSwitch().disabled).toBe(false));
    expect(deviceSwitch().checked).toBe(false);
    fireEvent.click(deviceSwitch());
    await waitFor(() => expect(deviceSwitch().checked).toBe(true));
    expect(enablePush).toHaveBeenCalledTimes(1);
    expect(disablePush).not.toHaveBeenCalled();
  });

  it('turns this device off', async () => {
    device('granted', true);
    vi.mocked(disablePush).mockImplementation(async () => device('granted', false));
    renderSettings();
    await waitFor(() => expect(deviceSwitch().checked).toBe(true));
    fireEvent.click(deviceSwitch());
    await waitFor(() => expect(deviceSwitch().checked).toBe(false));
    expect(disablePush).toHaveBeenCalledTimes(1);
  });

  it('says plainly when the browser blocks notifications, and how to allow them', async () => {
    device('denied', false);
    renderSettings();
    expect(await screen.findByText(NOTIFICATION_TEXTS.denied)).toBeTruthy();
    expect(deviceSwitch().disabled).toBe(true);
    expect(deviceSwitch().checked).toBe(false);
  });

  it('asks iOS people outside the home-screen app to add it first', async () => {
    vi.mocked(pushAvailability).mockReturnValue('ios-home-screen');
    renderSettings();
    expect(await screen.findByText(/^Add to Home Screen first/)).toBeTruthy();
    expect(screen.queryByRole('switch', { name: NOTIFICATION_TEXTS.deviceSwitch })).toBeNull();
  });

  it("turns quiet hours on with 22:00–07:00 in the device's time zone", async () => {
    device('granted', true);
    renderSettings();
    const quiet = await quietSwitch();
    expect(quiet.checked).toBe(false);
    expect(screen.getByText(new RegExp(deviceTimeZone().replace('/', '\\/')))).toBeTruthy();
    fireEvent.click(quiet);
    await waitFor(() =>
      expect(api.put).toHaveBeenCalledWith('/api/push/settings', {
        quietHours: { start: '22:00', end: '07:00', timeZone: deviceTimeZone() },
      }),
    );
    expect(
      (await screen.findByLabelText<HTMLInputElement>(NOTIFICATION_TEXTS.quietFrom)).value,
    ).toBe('22:00');
  });

  it('saves a changed window, and refuses one the schema refuses', async () => {
    device('granted', true);
    savedSettings({ quietHours: { start: '22:00', end: '07:00', timeZone: 'Europe/Paris' } });
    renderSettings();
    const from = await screen.findByLabelText(NOTIFICATION_TEXTS.quietFrom);
    fireEvent.change(from, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: NOTIFICATION_TEXTS.saveQuietHours }));
    expect(await screen.findByText('Time must be HH:MM')).toBeTruthy();
    expect(api.put).not.toHaveBeenCalled();

    fireEvent.change(from, { target: { value: '23:30' } });
    fireEvent.click(screen.getByRole('button', { name: NOTIFICATION_TEXTS.saveQuietHours }));
    // Saved in the time zone of this device, where the person now is.
    await waitFor(() =>
      expect(api.put).toHaveBeenCalledWith('/api/push/settings', {
        quietHours: { start: '23:30', end: '07:00', timeZone: deviceTimeZone() },
      }),
    );
  });

  it('turns quiet hours off', async () => {
    device('granted', true);
    savedSettings({ quietHours: { start: '22:00', end: '07:00', timeZone: deviceTimeZone() } });
    renderSettings();
    const quiet = await quietSwitch();
    await waitFor(() => expect(quiet.checked).toBe(true));
    fireEvent.click(quiet);
    await waitFor(() =>
      expect(api.put).toHaveBeenCalledWith('/api/push/settings', { quietHours: null }),
    );
    await waitFor(() => expect(screen.queryByLabelText(NOTIFICATION_TEXTS.quietFrom)).toBeNull());
  });
});
