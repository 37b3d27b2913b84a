import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enablePush, pushAvailability } from '../../../lib/push-device';
import { NOTIFICATION_TEXTS } from '../utils/texts';

vi.mock('../../../lib/push-device', () => ({
  enablePush: vi.fn(),
  pushAvailability: vi.fn(),
  resyncPush: vi.fn(),
}));

/** The browser's Notification, as far as the offer reads it. */
function browserPermission(permission: NotificationPermission) {
  vi.stubGlobal('Notification', { permission });
}

/** A fresh page: the offer's module state starts over, as on a new visit. */
async function freshOffer() {
  vi.resetModules();
  const offer = await import('../utils/offer');
  const host = await import('./notifications-host');
  render(<host.default />);
  return offer;
}

const offerRegion = () =>
  screen.queryByRole('complementary', { name: NOTIFICATION_TEXTS.offerTitle });

describe('the notifications offer', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    localStorage.clear();
    vi.mocked(pushAvailability).mockReturnValue('available');
    browserPermission('default');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows nothing until the person posts or joins, then offers a button', async () => {
    const offer = await freshOffer();
    expect(offerRegion()).toBeNull();
    act(() => offer.offerNotifications());
    expect(
      await screen.findByRole('button', { name: NOTIFICATION_TEXTS.offerTurnOn }),
    ).toBeTruthy();
    // The browser's prompt only from the button.
    expect(enablePush).not.toHaveBeenCalled();
  });

  it('asks for permission from its button and goes once allowed', async () => {
    vi.mocked(enablePush).mockResolvedValue('granted');
    const offer = await freshOffer();
    act(() => offer.offerNotifications());
    fireEvent.click(await screen.findByRole('button', { name: NOTIFICATION_TEXTS.offerTurnOn }));
    await waitFor(() => expect(offerRegion()).toBeNull());
    expect(enablePush).toHaveBeenCalledTimes(1);
  });

  it('says how to allow them when the person blocks them at the prompt', async () => {
    vi.mocked(enablePush).mockResolvedValue('denied');
    const offer = await freshOffer();
    act(() => offer.offerNotifications());
    fireEvent.click(await screen.findByRole('button', { name: NOTIFICATION_TEXTS.offerTurnOn }));
    expect(await screen.findByText(NOTIFICATION_TEXTS.denied)).toBeTruthy();
    expect(screen.queryByRole('button', { name: NOTIFICATION_TEXTS.offerTurnOn })).toBeNull();
  });

  it('goes on "Not now" and is not offered again on this device', async () => {
    let offer = await freshOffer();
    act(() => offer.offerNotifications());
    fireEvent.click(await screen.findByRole('button', { name: NOTIFICATION_TEXTS.offerNotNow }));
    await waitFor(() => expect(offerRegion()).toBeNull());

    offer = await freshOffer();
    act(() => offer.offerNotifications());
    expect(offer.isNotificationsOffered()).toBe(false);
    expect(offerRegion()).toBeNull();
  });

  it('is not offered where the browser already has an answer', async () => {
    browserPermission('denied');
    const offer = await freshOffer();
    act(() => offer.offerNotifications());
    expect(offer.isNotificationsOffered()).toBe(false);
    expect(offerRegion()).toBeNull();
  });

  it('on iOS outside the home-screen app, says to add it first instead of a button', async () => {
    vi.unstubAllGlobals(); // no Notification at all, as there
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile/15E148 Safari/604.1',
    );
    vi.mocked(pushAvailability).mockReturnValue('ios-home-screen');
    const offer = await freshOffer();
    act(() => offer.offerNotifications());
    expect(await screen.findByText(NOTIFICATION_TEXTS.addToHomeScreen)).toBeTruthy();
    expect(screen.queryByRole('button', { name: NOTIFICATION_TEXTS.offerTurnOn })).toBeNull();
  });
});
