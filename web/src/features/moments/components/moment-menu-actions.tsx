import { Suspense, useState } from 'react';
import {
  MOMENT_ERRORS,
  SHARING_TOASTS,
  SUCCESS_TOASTS,
  pinFailedToast,
  sharingFailedToast,
  type Journal,
} from '@moments/shared';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../../components/ui/toast';
import { useDeleteJournal } from '../api/delete-journal';
import { useLeaveJournal } from '../api/leave-journal';
import { useSetPinned } from '../api/set-pinned';
import { NEEDS_CONNECTION, useOnline } from '../../offline/hooks/use-online';
import { DialogShell } from '../../../components/ui/dialog-shell';
import { ListItemText, Menu, MenuItem } from '../../../components/ui/menu';
import { lazyUiKitPart } from '../../../components/ui/with-ui-kit-theme';
import { lazyWithPrefetch } from '../../../lib/load-later';

// Drawn with MUI: fetched when Delete is chosen (or once the page has settled), not with the
// menu, which is in /home's first code so that its first press shows it at once.
const deleteDialog = lazyUiKitPart(() =>
  import('./delete-moment-dialog').then((module) => ({ default: module.DeleteMomentDialog })),
);
// "Mute this moment" and its calls: fetched with the delete dialog, or at the first press, when
// the item fills in under the others.
const muteItem = lazyWithPrefetch(() =>
  import('../../notifications/components/mute-moment-item').then((module) => ({
    default: module.MuteMomentItem,
  })),
);

/** Fetches the code the menu's items open (the delete dialog, the mute item) ahead of use. */
export function prefetchMenuParts() {
  deleteDialog.prefetch();
  muteItem.prefetch();
}

// Builds the ZIP: with client-zip and the export model, loaded at the first Export.
const exportDialog = lazyUiKitPart(() => import('./export-dialog'));

interface MomentMenuActionsProps {
  journal: Journal;
  menuId: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}

/**
 * A home card's menu (Pin, Share, Export, Mute, Delete or Leave) and the delete dialog, mounted at the
 * card's first "Moment options" press.
 */
export default function MomentMenuActions({
  journal,
  menuId,
  anchor,
  onClose,
}: MomentMenuActionsProps) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [exporting, setExporting] = useState(false);
  // Mounted when first asked, and kept so that it can animate closed.
  const [confirmUsed, setConfirmUsed] = useState(false);
  if (confirming && !confirmUsed) setConfirmUsed(true);
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

  const online = useOnline();

  const togglePin = () => {
    onClose();
    const pinning = !journal.isPinned;
    setPinned(journal.id, pinning).then(
      () => toast(pinning ? SUCCESS_TOASTS.momentPinned : SUCCESS_TOASTS.momentUnpinned),
      () => toast(pinFailedToast(pinning)),
    );
  };

  const confirmDelete = () => {
    (leaving ? leave : remove).mutate(journal.id, { onSettled: () => setConfirming(false) });
  };

  return (
    <>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
        <MenuItem onClick={togglePin}>{journal.isPinned ? 'Unpin' : 'Pin to Top'}</MenuItem>
        <MenuItem
          disabled={!online}
          onClick={() => {
            onClose();
            void navigate(`/journals/${encodeURIComponent(journal.id)}?openShareModal=true`);
          }}
        >
          <ListItemText primary="Share" secondary={online ? undefined : NEEDS_CONNECTION} />
        </MenuItem>
        <Suspense fallback={null}>
          <muteItem.Component
            journalId={journal.id}
            onDone={onClose}
            unavailable={online ? undefined : NEEDS_CONNECTION}
          />
        </Suspense>
        <MenuItem
          disabled={!online}
          onClick={() => {
            onClose();
            setExporting(true);
          }}
        >
          <ListItemText primary="Export" secondary={online ? undefined : NEEDS_CONNECTION} />
        </MenuItem>
        <MenuItem
          disabled={!online}
          onClick={() => {
            onClose();
            setConfirming(true);
          }}
          tone="error"
        >
          <ListItemText primary="Delete" secondary={online ? undefined : NEEDS_CONNECTION} />
        </MenuItem>
      </Menu>
      {confirmUsed && (
        <Suspense
          fallback={
            <DialogShell
              // The dialog's titles (delete-moment-dialog.tsx, which brings the UI kit).
              title={leaving ? 'Leave Moment' : 'Delete Moment'}
              onClose={() => setConfirming(false)}
            />
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
        <Suspense fallback={null}>
          <exportDialog.Component
            target={{ kind: 'moment', journalId: journal.id }}
            title="Export moment"
            onClose={() => setExporting(false)}
          />
        </Suspense>
      )}
    </>
  );
}
