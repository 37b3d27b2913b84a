import { describe, expect, it, vi } from 'vitest';
import { copyText } from './copy-text';

describe('copyText', () => {
  it('uses the Clipboard API when it works', async () => {
    const writeText = vi.fn(async () => undefined);
    const legacy = vi.fn(() => true);
    expect(await copyText('link', { clipboard: { writeText }, legacyCopy: legacy })).toBe(true);
    expect(writeText).toHaveBeenCalledWith('link');
    expect(legacy).not.toHaveBeenCalled();
  });

  it('falls back to the older copy when the Clipboard API refuses or is missing', async () => {
    const writeText = vi.fn(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    const legacy = vi.fn(() => true);
    expect(await copyText('link', { clipboard: { writeText }, legacyCopy: legacy })).toBe(true);
    expect(legacy).toHaveBeenCalledWith('link');
    expect(await copyText('link', { legacyCopy: () => false })).toBe(false);
  });
});
