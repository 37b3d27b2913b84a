import { Suspense, lazy, useState } from 'react';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
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
import { MuteMomentItem } from '../../notifications/components/mute-moment-item';
import { DeleteMomentDialog } from './delete-moment-dialog';

// Builds the ZIP: with client-zip and the export model, loaded at the first Export.
const ExportDialog = lazy(() => import('./export-dialog'));

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
        <MuteMomentItem
          journalId={journal.id}
          onDone={onClose}
          unavailable={online ? undefined : NEEDS_CONNECTION}
        />
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
          sx={{ color: 'error.main' }}
        >
          <ListItemText primary="Delete" secondary={online ? undefined : NEEDS_CONNECTION} />
        </MenuItem>
      </Menu>
      <DeleteMomentDialog
        open={confirming}
        pending={remove.isPending || leave.isPending}
        leave={leaving}
        onCancel={() => setConfirming(false)}
        onConfirm={confirmDelete}
      />
      {exporting && (
        <Suspense fallback={null}>
          <ExportDialog
            target={{ kind: 'moment', journalId: journal.id }}
            title="Export moment"
            onClose={() => setExporting(false)}
          />
        </Suspense>
      )}
    </>
  );
}
