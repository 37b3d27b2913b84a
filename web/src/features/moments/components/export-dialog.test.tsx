// The export dialog (a moment's Export, My Account's "Download my data"): progress while the ZIP
// is built, Cancel, the download or, on the iOS home-screen app, the share sheet, and a failure.
// The ZIP building and the hand-over to the browser are mocked; tests/e2e/export.test.ts opens
// real ZIPs.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from '@moments/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BuiltExport, ExportProgress } from '../utils/export-zip';
import { buildAccountZip, buildMomentZip } from '../utils/export-zip';
import { downloadExport, shareExport, shouldShare } from '../utils/save-export';
import ExportDialog from './export-dialog';

vi.mock('../utils/export-zip', () => ({ buildMomentZip: vi.fn(), buildAccountZip: vi.fn() }));
vi.mock('../utils/save-export', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../utils/save-export')>()),
  shouldShare: vi.fn(),
  shareExport: vi.fn(),
  downloadExport: vi.fn(),
}));

const buildMoment = vi.mocked(buildMomentZip);
const buildAccount = vi.mocked(buildAccountZip);
const share = vi.mocked(shouldShare);

/** A build the test drives: progress reported, then finished or failed, when it says so. */
function controlledBuild(build: typeof buildMoment | typeof buildAccount) {
  const control = {
    signal: undefined as AbortSignal | undefined,
    progress: (_: ExportProgress) => {},
    finish: (_: BuiltExport) => {},
    fail: (_: unknown) => {},
  };
  const run = (signal: AbortSignal, onProgress: (progress: ExportProgress) => void) =>
    new Promise<BuiltExport>((resolve, reject) => {
      control.signal = signal;
      control.progress = onProgress;
      control.finish = resolve;
      control.fail = reject;
    });
  if (build === buildMoment) {
    buildMoment.mockImplementation((_journalId, signal, onProgress) => run(signal, onProgress));
  } else {
    buildAccount.mockImplementation((signal, onProgress) => run(signal, onProgress));
  }
  return control;
}

/** The dialog open on a moment (or the account), its build driven by the test. */
function openExport(kind: 'moment' | 'account', title = 'Export') {
  const build = controlledBuild(kind === 'moment' ? buildMoment : buildAccount);
  const onClose = vi.fn();
  const target = kind === 'moment' ? { kind, journalId: 'j1' } : { kind };
  render(<ExportDialog target={target} title={title} onClose={onClose} />);
  return { build, onClose };
}

const BUILT: BuiltExport = {
  zip: new Blob(['PK'], { type: 'application/zip' }),
  fileName: 'Lake weekend 2026-11-28.zip',
};

describe('ExportDialog', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    share.mockReturnValue(false);
  });

  it('shows the photos done out of all while it builds, then downloads the ZIP and closes', async () => {
    const { build, onClose } = openExport('moment', 'Export moment');
    screen.getByRole('dialog', { name: 'Export moment' });
    expect(screen.getByRole('status').textContent).toBe('Preparing the export…');
    await waitFor(() =>
      expect(buildMoment).toHaveBeenCalledWith('j1', expect.anything(), expect.any(Function)),
    );
    build.progress({ done: 1, total: 3 });
    await screen.findByText('Photos: 1 of 3');
    expect(Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'))).toBeCloseTo(
      100 / 3,
    );

    build.finish(BUILT);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const [file] = vi.mocked(downloadExport).mock.calls[0]!;
    expect(file.name).toBe(BUILT.fileName);
    expect(file.type).toBe('application/zip');
    expect(buildAccount).not.toHaveBeenCalled();
  });

  it('Cancel stops the build (its signal aborts), closes, and downloads nothing', async () => {
    const { build, onClose } = openExport('account', 'Download my data');
    await waitFor(() => expect(build.signal).toBeDefined());
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(build.signal?.aborted).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);
    build.finish(BUILT);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(downloadExport).not.toHaveBeenCalled();
  });

  it('on the iOS home-screen app, offers the share sheet instead of a download', async () => {
    share.mockReturnValue(true);
    vi.mocked(shareExport).mockResolvedValue();
    const { build, onClose } = openExport('moment');
    await waitFor(() => expect(build.signal).toBeDefined());
    build.finish(BUILT);
    await screen.findByText(
      `${BUILT.fileName} is ready. Share it to keep it, e.g. with Save to Files.`,
    );
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Share ZIP' }));
    expect(vi.mocked(shareExport).mock.calls[0]![0].name).toBe(BUILT.fileName);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(downloadExport).not.toHaveBeenCalled();
  });

  it('a failed build says why and offers Close', async () => {
    const { build, onClose } = openExport('moment');
    await waitFor(() => expect(build.signal).toBeDefined());
    build.fail(new HttpError(404, JSON.stringify({ message: 'Moment not found' })));
    expect((await screen.findByRole('alert')).textContent).toBe('Moment not found');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(downloadExport).not.toHaveBeenCalled();
  });
});
