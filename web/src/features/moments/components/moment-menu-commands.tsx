import { Suspense, useEffect, useRef, useState } from 'react';
import {
  MOMENT_ERRORS,
  SHARING_TOASTS,
  SUCCESS_TOASTS,
  pinFailedToast,
  sharingFailedToast,
  type Journal,
} from '@moments/shared';
import { toast } from '../../../components/ui/toast';
import { DialogShell } from '../../../components/ui/dialog-shell';
import { lazyUiKitPart } from '../../../components/ui/with-ui-kit-theme';
import { useDeleteJournal } from '../api/delete-journal';
import { useLeaveJournal } from '../api/leave-journal';
import { useSetPinned } from '../api/set-pinned';
import { EXPORT_MOMENT_TITLE, deleteDialogTitle, type MenuCommand } from '../utils/moment-menu';

// Drawn with MUI: fetched once the page has settled (prefetchDeleteDialog), or at Delete.
const deleteDialog = lazyUiKitPart(() =>
  import('./delete-moment-dialog').then((module) => ({ default: module.DeleteMomentDialog })),
);
// Builds the ZIP: with client-zip and the export model, loaded at the first Export.
const exportDialog = lazyUiKitPart(() => import('./export-dialog'));

/** Fetches the delete dialog's code (and the UI kit's, in steps) ahead of use. */
export function prefetchDeleteDialog() {
  deleteDialog.prefetch();
}

interface MomentMenuCommandsProps {
  journal: Journal;
  /** The latest press: each is carried out once. */
  command: MenuCommand;
}

/**
 * What a home card's menu items do (Pin, Delete or Leave with its dialog, Export's dialog), apart
 * from the menu (./moment-menu-actions, in /home's first code): mounted at the first such press,
 * and kept, so that a dialog can animate closed and a call finish.
 */
export default function MomentMenuCommands({ journal, command }: MomentMenuCommandsProps) {
  const [handled, setHandled] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [exporting, setExporting] = useState(false);
  // Mounted when first asked, and kept so that it can animate closed.
  const [confirmUsed, setConfirmUsed] = useState(false);
  // A dialog opens in the render that brings the press, not a frame later.
  if (command.id !== handled) {
    setHandled(command.id);
    if (command.kind === 'delete') {
      setConfirming(true);
      setConfirmUsed(true);
    }
    if (command.kind === 'export') setExporting(true);
  }
  const setPinned = useSetPinned();
  const remove = useDeleteJournal({
    onSuccess: () => toast(SUCCESS_TOASTS.momentDeleted),
    onError: () => toast(MOMENT_ERRORS.deleteToast),
  });
  const leave = useLeaveJournal({
    onSuccess: () => toast(SHARING_TOASTS.left),
    onError: () => toast(sharingFailedToast('Error leaving moment')),
  });
  // Only the owner deletes; for a contributor, Delete means leaving the shared moment.
  const leaving = journal.role === 'contributor';

  // A pin is a call: made once per press (the ref outlasts an effect run twice).
  const pinnedFor = useRef(0);
  useEffect(() => {
    if (command.kind !== 'pin' || pinnedFor.current === command.id) return;
    pinnedFor.current = command.id;
    const pinning = !journal.isPinned;
    setPinned(journal.id, pinning).then(
      () => toast(pinning ? SUCCESS_TOASTS.momentPinned : SUCCESS_TOASTS.momentUnpinned),
      () => toast(pinFailedToast(pinning)),
    );
  }, [command, journal, setPinned]);

  const confirmDelete = () => {
    (leaving ? leave : remove).mutate(journal.id, { onSettled: () => setConfirming(false) });
  };

  return (
    <>
      {confirmUsed && (
        <Suspense
          fallback={
            confirming && (
              <DialogShell
                title={deleteDialogTitle(journal)}
                onClose={() => setConfirming(false)}
              />
            )
          }
        >
          <deleteDialog.Component
            open={confirming}
            pending={remove.isPending || leave.isPending}
            leave={leaving}
            onCancel={() => setConfirming(false)}
            onConfirm={confirmDelete}
          />
        </Suspense>
      )}
      {exporting && (
        <Suspense
          fallback={<DialogShell title={EXPORT_MOMENT_TITLE} onClose={() => setExporting(false)} />}
        >
          <exportDialog.Component
            target={{ kind: 'moment', journalId: journal.id }}
            title={EXPORT_MOMENT_TITLE}
            onClose={() => setExporting(false)}
          />
        </Suspense>
      )}
    </>
  );
}
