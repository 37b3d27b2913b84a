// What the notifications settings and the offer say, in one place for both and their tests.
import type { ToastOptions } from '../../../components/ui/toast';

export const NOTIFICATION_TEXTS = {
  sectionTitle: 'Notifications',
  deviceSwitch: 'Notifications on this device',
  deviceHelp:
    'New entries and photos by others in your moments: one notification per moment, never for your own posts.',
  denied:
    'Notifications are blocked for Moments in this browser. To allow them, open the site settings (the icon beside the address, or Settings › Notifications on your phone), set Notifications to Allow, then come back here.',
  addToHomeScreen:
    'Add to Home Screen first: in Safari tap Share, then Add to Home Screen, and open Moments from your Home Screen to turn notifications on.',
  unavailable: 'This browser cannot show notifications from Moments.',
  quietHoursSwitch: 'Quiet hours',
  quietHoursHelp: (timeZone: string) =>
    `No notifications between these times, in your time zone (${timeZone}). What arrives meanwhile waits until they end.`,
  quietFrom: 'From',
  quietUntil: 'Until',
  saveQuietHours: 'Save quiet hours',
  offerTitle: 'Hear about new entries?',
  offerBody: 'Get a notification when others add entries or photos to your moments.',
  offerTurnOn: 'Turn on notifications',
  offerNotNow: 'Not now',
  mute: 'Mute this moment',
  unmute: 'Unmute this moment',
} as const;

export const NOTIFICATION_TOASTS = {
  on: { title: 'Notifications are on for this device.', variant: 'success' },
  off: { title: 'Notifications are off for this device.', variant: 'success' },
  failed: { title: 'Could not change notifications. Please try again.', variant: 'destructive' },
  quietHoursSaved: { title: 'Quiet hours saved.', variant: 'success' },
  quietHoursOff: { title: 'Quiet hours are off.', variant: 'success' },
  settingsFailed: {
    title: 'Could not save notification settings. Please try again.',
    variant: 'destructive',
  },
  muted: { title: 'This moment is muted.', variant: 'success' },
  unmuted: { title: 'This moment is no longer muted.', variant: 'success' },
  muteFailed: {
    title: 'Could not change this moment’s notifications. Please try again.',
    variant: 'destructive',
  },
} as const satisfies Record<string, ToastOptions>;

/** The device's own time zone (quiet hours follow it, DST included). */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
