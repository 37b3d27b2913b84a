// The capture date of a chosen photo (EXIF DateTimeOriginal), read on the device before the
// photo is shrunk: shrinking re-encodes it without metadata. It goes up with the upload so the
// full-quality copy kept for exports carries it (docs/data-model.md, "Full-quality copies").
// This module and exifr load with the first photo chosen, never with a page: callers import it
// dynamically. (exifr's lite build did not find DateTimeOriginal in Chromium: the full one.)
import { captureDateFromExif } from '@moments/shared';

/** The photo's capture time as a local date-time, or undefined (none, unreadable, implausible). */
export async function readCaptureDate(file: Blob): Promise<string | undefined> {
  try {
    const { default: exifr } = await import('exifr');
    const tags = (await exifr.parse(file, {
      pick: ['DateTimeOriginal'],
      // The raw "2024:05:01 14:03:22": a Date would move the camera's clock into this zone.
      reviveValues: false,
    })) as { DateTimeOriginal?: unknown } | undefined;
    return captureDateFromExif(tags?.DateTimeOriginal);
  } catch {
    return undefined;
  }
}
