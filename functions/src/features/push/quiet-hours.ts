// Quiet hours: a time window in the person's own time zone during which nothing is sent.
// Read as wall-clock time through Intl, so a DST change moves the window with the clocks.
import type { QuietHours } from '@moments/shared';

const minutesOf = (clock: string) => {
  const [hours, minutes] = clock.split(':').map(Number);
  return hours! * 60 + minutes!;
};

/** The wall-clock minute of the day (0–1439) at `at` in `timeZone`. */
export function minuteOfDayIn(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(at);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return value('hour') * 60 + value('minute');
}

/**
 * Whether `at` falls in the quiet hours: from start (included) to end (excluded), across
 * midnight when start is after end (22:00–07:00). Equal start and end mean no quiet hours.
 */
export function isQuietAt(quietHours: QuietHours | null | undefined, at: Date): boolean {
  if (!quietHours) return false;
  const start = minutesOf(quietHours.start);
  const end = minutesOf(quietHours.end);
  if (start === end) return false;
  const now = minuteOfDayIn(quietHours.timeZone, at);
  return start < end ? now >= start && now < end : now >= start || now < end;
}
