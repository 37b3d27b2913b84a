import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

export const DELETE_MOMENT_TEXT =
  'Are you sure you want to delete this moment? This action cannot be undone and all photos, comments, and content will be permanently removed.';

const DELETE_MOMENT_DIALOG = {
  title: 'Delete Moment',
  text: DELETE_MOMENT_TEXT,
  confirm: 'Delete',
  pending: 'Deleting...',
} as const;

/** For a contributor, Delete on a shared moment's card means leaving it (issue 5, Roles). */
export const LEAVE_MOMENT_DIALOG = {
  title: 'Leave Moment',
  text: 'You did not create this moment, so it will not be deleted for the others. You will leave it: it disappears from your moments, and the photos and entries you added stay. You can come back only with a new invite.',
  confirm: 'Leave',
  pending: 'Leaving...',
} as const;

interface DeleteMomentDialogProps {
  open: boolean;
  pending: boolean;
  /** The viewer is a contributor: the moment is left, not deleted. */
  leave?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** "Delete Moment" confirmation, or "Leave Moment" for a contributor. */
export function DeleteMomentDialog({
  open,
  pending,
  leave = false,
  onCancel,
  onConfirm,
}: DeleteMomentDialogProps) {
  const texts = leave ? LEAVE_MOMENT_DIALOG : DELETE_MOMENT_DIALOG;
  return (
    <ConfirmDialog
      open={open}
      title={texts.title}
      text={texts.text}
      confirmLabel={texts.confirm}
      pendingLabel={texts.pending}
      pending={pending}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
