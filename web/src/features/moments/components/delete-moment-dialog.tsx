import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export const DELETE_MOMENT_TEXT =
  'Are you sure you want to delete this moment? This action cannot be undone and all photos, comments, and content will be permanently removed.';

interface DeleteMomentDialogProps {
  open: boolean;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** "Delete Moment" confirmation (SPEC section 2, Home). */
export function DeleteMomentDialog({
  open,
  pending,
  onCancel,
  onConfirm,
}: DeleteMomentDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onCancel}
      aria-labelledby="delete-moment-title"
      aria-describedby="delete-moment-text"
    >
      <DialogTitle id="delete-moment-title">Delete Moment</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-moment-text">{DELETE_MOMENT_TEXT}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button onClick={onConfirm} color="error" variant="contained" disabled={pending}>
          {pending ? 'Deleting...' : 'Delete'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
