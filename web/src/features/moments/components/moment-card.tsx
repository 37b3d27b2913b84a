import { memo, useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { useQueryClient } from '@tanstack/react-query';
import Typography from '@mui/material/Typography';
import {
  MOMENT_ERRORS,
  SHARING_TOASTS,
  SUCCESS_TOASTS,
  formatShortDate,
  pinFailedToast,
  sharingFailedToast,
  type Journal,
} from '@moments/shared';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { toast } from '../../../components/ui/toast';
import { visuallyHidden } from '../../../components/ui/visually-hidden';
import { useDeleteJournal } from '../api/delete-journal';
import { useLeaveJournal } from '../api/leave-journal';
import { useUpdateJournal } from '../api/update-journal';
import { journalsQueryKey } from '../api/get-journals';
import { useUser } from '../../auth/api/get-user';
import { enqueue } from '../../offline/api/outbox-sync';
import { NEEDS_CONNECTION, useOnline } from '../../offline/hooks/use-online';
import { CollaboratorAvatars } from './collaborator-avatars';
import { DeleteMomentDialog } from './delete-moment-dialog';
import { ANALYTICS_SENSITIVE_CLASS } from '../../../lib/analytics/privacy';
import { coverOf } from '../utils/journal-list';
import { photoSources } from '../utils/photo-sources';

export function newCommentsText(count: number): string {
  return count === 1 ? '1 new comment' : `${count} new comments`;
}

const clamp2 = {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  wordBreak: 'break-word',
} as const;

/**
 * The card's "Moment options" button. What the menu does (its mutations, the menu and the
 * delete dialog) mounts at the first press: fifty cards would otherwise each set it all up.
 */
function MomentMenu({ journal }: { journal: Journal }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const menuId = `moment-menu-${journal.id}`;

  return (
    <>
      <IconButton
        aria-label="Moment options"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setUsed(true);
        }}
        size="small"
        sx={{
          position: 'absolute',
          top: 4,
          right: 4,
          zIndex: 1,
          bgcolor: 'rgba(255,255,255,0.9)',
          color: 'text.primary',
          '&:hover': { bgcolor: 'common.white' },
        }}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
          <circle cx="12" cy="5" r="2" />
          <circle cx="12" cy="12" r="2" />
          <circle cx="12" cy="19" r="2" />
        </svg>
      </IconButton>
      {used && (
        <MomentMenuActions
          journal={journal}
          menuId={menuId}
          anchor={anchor}
          onClose={() => setAnchor(null)}
        />
      )}
    </>
  );
}

interface MomentMenuActionsProps {
  journal: Journal;
  menuId: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}

function MomentMenuActions({ journal, menuId, anchor, onClose }: MomentMenuActionsProps) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateJournal();
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
  const uid = useUser().data?.id;
  const queryClient = useQueryClient();

  const togglePin = () => {
    onClose();
    const pinning = !journal.isPinned;
    if (!online && uid) {
      // Offline: the card moves at once; the outbox sends the pin when the network returns.
      void enqueue(uid, journal.id, { kind: 'pin', isPinned: pinning }).then(
        () => {
          queryClient.setQueryData<Journal[]>(journalsQueryKey, (list) =>
            list?.map((item) => (item.id === journal.id ? { ...item, isPinned: pinning } : item)),
          );
          toast(pinning ? SUCCESS_TOASTS.momentPinned : SUCCESS_TOASTS.momentUnpinned);
        },
        () => toast(pinFailedToast(pinning)),
      );
      return;
    }
    update.mutate(
      { id: journal.id, input: { isPinned: pinning } },
      {
        onSuccess: () =>
          toast(pinning ? SUCCESS_TOASTS.momentPinned : SUCCESS_TOASTS.momentUnpinned),
        onError: () => toast(pinFailedToast(pinning)),
      },
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
    </>
  );
}

interface MomentCardProps {
  journal: Journal;
  /**
   * How the cover loads: the first screen's covers at once ('eager'), the first of them, the
   * page's largest paint, ahead of everything else ('first'); the rest as they near the screen.
   */
  coverLoading?: 'first' | 'eager' | 'lazy';
}

/**
 * A moment in the home grid: cover photo with date and title, or text-only. Memoised: a list
 * update keeps the moments that did not change (TanStack Query's structural sharing), and their
 * cards are not rendered again.
 */
export const MomentCard = memo(function MomentCard({
  journal,
  coverLoading = 'lazy',
}: MomentCardProps) {
  const cover = coverOf(journal);
  const count = journal.newCommentsCount;
  const date = (
    <Typography
      variant="caption"
      component="time"
      dateTime={journal.createdAt}
      sx={{ display: 'block', color: cover ? 'common.white' : 'text.secondary' }}
    >
      {formatShortDate(journal.createdAt)}
    </Typography>
  );
  const title = (
    <Typography
      variant="h3"
      component="h2"
      sx={{ ...clamp2, fontSize: '1rem', color: cover ? 'common.white' : 'text.primary' }}
    >
      {journal.title}
    </Typography>
  );

  return (
    <Badge
      badgeContent={count > 0 ? count : undefined}
      color="error"
      overlap="rectangular"
      // The count is read as part of the card's link (below), not as a stray number.
      slotProps={{ badge: { 'aria-hidden': true } as object }}
      sx={{
        display: 'block',
        height: '100%',
        '& .MuiBadge-badge': { top: 4, left: 4, right: 'auto', transform: 'none' },
      }}
    >
      <Card
        className={ANALYTICS_SENSITIVE_CLASS}
        variant="outlined"
        sx={{ position: 'relative', height: '100%', borderRadius: 3 }}
        data-testid="moment-card"
      >
        <MomentMenu journal={journal} />
        <CardActionArea
          component={RouterLink}
          to={`/journals/${encodeURIComponent(journal.id)}`}
          sx={{ height: '100%', display: 'block' }}
        >
          {cover ? (
            <Box sx={{ position: 'relative', aspectRatio: '3 / 4', bgcolor: 'grey.300' }}>
              <Box
                component="img"
                {...photoSources(cover, 'card')}
                src={cover.thumbUrl}
                alt=""
                loading={coverLoading === 'lazy' ? 'lazy' : 'eager'}
                fetchPriority={coverLoading === 'first' ? 'high' : undefined}
                // Each cover's own framing inline: in `sx` every crop would be a style rule of
                // its own, made and inserted as the card renders.
                style={{ objectPosition: `center ${cover.cropPosition}%` }}
                sx={{
                  position: 'absolute',
                  inset: 0,
                  width: '100%',
                  height: '100%',
                  objectFit: 'cover',
                }}
              />
              <Box
                sx={{
                  position: 'absolute',
                  inset: 0,
                  display: 'flex',
                  flexDirection: 'column',
                  justifyContent: 'flex-end',
                  gap: 0.5,
                  p: 1.5,
                  background:
                    'linear-gradient(to top, rgba(0,0,0,0.78) 0%, rgba(0,0,0,0.35) 45%, rgba(0,0,0,0) 70%)',
                }}
              >
                {date}
                {title}
                <Box sx={{ color: 'common.white' }}>
                  <CollaboratorAvatars collaborators={journal.collaborators} />
                </Box>
              </Box>
            </Box>
          ) : (
            <Box
              sx={{
                minHeight: 140,
                p: 1.5,
                pt: 5,
                display: 'flex',
                flexDirection: 'column',
                gap: 0.5,
              }}
            >
              {date}
              {title}
              <CollaboratorAvatars collaborators={journal.collaborators} />
            </Box>
          )}
          {count > 0 && (
            <Box component="span" sx={visuallyHidden}>
              {newCommentsText(count)}
            </Box>
          )}
        </CardActionArea>
      </Card>
    </Badge>
  );
});
