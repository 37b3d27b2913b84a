import { useEffect, useId, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import { failureMessage } from '@moments/shared';
import type { ExportProgress } from '../utils/export-zip';
import { downloadExport, exportFile, shareExport, shouldShare } from '../utils/save-export';

/** What to export: one moment, or everything the person has ("Download my data"). */
export type ExportTarget = { kind: 'moment'; journalId: string } | { kind: 'account' };

type State =
  | { step: 'building'; progress?: ExportProgress }
  | { step: 'share'; file: File }
  | { step: 'failed'; message: string };

interface ExportDialogProps {
  target: ExportTarget;
  title: string;
  onClose: () => void;
}

export function progressText(progress: ExportProgress | undefined): string {
  if (!progress) return 'Preparing the export…';
  return `Photos: ${progress.done} of ${progress.total}`;
}

/**
 * Builds the ZIP as soon as it opens, with the photos' progress and Cancel; then starts the
 * download and closes, or on the iOS home-screen app offers the share sheet. The ZIP code
 * (client-zip, the export model) loads only now.
 */
export default function ExportDialog({ target, title, onClose }: ExportDialogProps) {
  const id = useId();
  const [state, setState] = useState<State>({ step: 'building' });
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);
  const journalId = target.kind === 'moment' ? target.journalId : undefined;
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    controllerRef.current = controller;
    const onProgress = (progress: ExportProgress) => {
      if (!controller.signal.aborted) setState({ step: 'building', progress });
    };
    void (async () => {
      try {
        const zips = await import('../utils/export-zip');
        const built = journalId
          ? await zips.buildMomentZip(journalId, controller.signal, onProgress)
          : await zips.buildAccountZip(controller.signal, onProgress);
        if (controller.signal.aborted) return;
        const file = exportFile(built);
        if (shouldShare(file)) {
          setState({ step: 'share', file });
        } else {
          downloadExport(file);
          closeRef.current();
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        setState({ step: 'failed', message: failureMessage(error, 'Could not export') });
      }
    })();
    return () => controller.abort();
  }, [journalId]);

  const cancel = () => {
    controllerRef.current?.abort();
    onClose();
  };
  const progress = state.step === 'building' ? state.progress : undefined;
  const percent = progress && progress.total > 0 ? (progress.done / progress.total) * 100 : 0;

  return (
    <Dialog open onClose={cancel} aria-labelledby={`${id}-title`} fullWidth maxWidth="xs">
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        {state.step === 'building' && (
          <>
            <DialogContentText id={`${id}-status`} role="status">
              {progressText(progress)}
            </DialogContentText>
            <LinearProgress
              sx={{ mt: 2 }}
              variant={progress ? 'determinate' : 'indeterminate'}
              value={percent}
              aria-labelledby={`${id}-status`}
            />
          </>
        )}
        {state.step === 'share' && (
          <DialogContentText>
            {state.file.name} is ready. Share it to keep it, e.g. with Save to Files.
          </DialogContentText>
        )}
        {state.step === 'failed' && (
          <DialogContentText role="alert">{state.message}</DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={cancel}>{state.step === 'building' ? 'Cancel' : 'Close'}</Button>
        {state.step === 'share' && (
          <Button
            variant="contained"
            onClick={() => {
              shareExport(state.file).then(onClose, () => undefined);
            }}
          >
            Share ZIP
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
