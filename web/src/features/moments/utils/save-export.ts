// Hands a finished export ZIP to the person: a download, or on the iOS home-screen app, where a
// download has nowhere to land, the share sheet ("Save to Files", AirDrop, ...).
import type { BuiltExport } from './export-zip';

/** Safari's home-screen app says so through navigator.standalone (no other browser has it). */
export function isIosHomeScreenApp(): boolean {
  return (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

export function exportFile({ zip, fileName }: BuiltExport): File {
  return new File([zip], fileName, { type: 'application/zip' });
}

/** Whether the share sheet can take the ZIP (and should, rather than a download). */
export function shouldShare(file: File): boolean {
  return isIosHomeScreenApp() && Boolean(navigator.canShare?.({ files: [file] }));
}

/** The share sheet; needs a fresh tap (transient activation), so call it from a click. */
export function shareExport(file: File): Promise<void> {
  return navigator.share({ files: [file], title: file.name });
}

/** Starts a download of the file with its name. */
export function downloadExport(file: File): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken its copy once the click is handled; a minute is ample.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
