import { useCallback, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useUser } from '../../auth/api/get-user';
import { AuthPageLayout } from '../../auth/components/auth-page-layout';
import { personName } from '../../../components/ui/person-avatar';
import { inviteRefusalMessage, useInvitePreview } from '../api/get-invite-preview';
import { displayDate } from '../utils/format';
import { storeInvite } from '../utils/invite-storage';
import { inviteAuthPath } from '../utils/invite-url';
import { NoReferrer } from './no-referrer';
import { ProcessingInvite } from './processing-invite';
import { ANALYTICS_SENSITIVE_CLASS } from '../../../lib/analytics/privacy';

export const JOIN_BUTTON_LABEL = 'Join this moment';

/**
 * `/invite/:token` and `/invite-preview/:token`, public: what a stranger holding the link may
 * see (the moment's title, who invites, the cover thumbnail) and the way in. Joining stores
 * the invite in the session flags; a signed-in person accepts at once, anyone else follows
 * the invite flow of the auth page.
 */
export function InvitePreview({ token }: { token: string }) {
  const navigate = useNavigate();
  const { data: user } = useUser();
  const preview = useInvitePreview(token);
  const [joining, setJoining] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const onRefused = useCallback((message: string) => {
    setRefusal(message);
    setJoining(false);
  }, []);

  if (joining && preview.data) {
    return (
      <>
        <NoReferrer />
        <ProcessingInvite journalId={preview.data.journalId} token={token} onRefused={onRefused} />
      </>
    );
  }

  let body;
  if (preview.isPending) {
    body = (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 200 }}>
        <CircularProgress aria-label="Loading the invite" />
      </Box>
    );
  } else if (preview.isError) {
    body = (
      <Stack spacing={2}>
        <Typography variant="h2">This invite cannot be used</Typography>
        <Alert severity="error">{inviteRefusalMessage(preview.error)}</Alert>
        <Button component={RouterLink} to={user ? '/home' : '/auth'} variant="contained">
          {user ? 'Go to my moments' : 'Go to sign in'}
        </Button>
      </Stack>
    );
  } else {
    const invite = preview.data;
    const join = () => {
      setRefusal(null);
      storeInvite({
        token,
        journalId: invite.journalId,
        journalTitle: invite.journalTitle,
        inviterName: invite.inviterName,
      });
      if (user) setJoining(true);
      else void navigate(inviteAuthPath(invite));
    };
    body = (
      <Stack spacing={2}>
        {invite.coverUrl && (
          <Box
            component="img"
            src={invite.coverUrl}
            alt={`Cover photo of ${invite.journalTitle}`}
            referrerPolicy="no-referrer"
            sx={{
              width: '100%',
              aspectRatio: '4 / 3',
              objectFit: 'cover',
              borderRadius: 3,
              bgcolor: 'grey.200',
            }}
          />
        )}
        <Box>
          <Typography variant="overline" component="p" color="text.secondary">
            Invited by {invite.inviterName}
          </Typography>
          <Typography variant="h2" sx={{ wordBreak: 'break-word' }}>
            {invite.journalTitle}
          </Typography>
        </Box>
        <Typography color="text.secondary">
          {invite.inviterName} would like you to join this moment on Moments: see its photos, add
          your own and write in its timeline.
        </Typography>
        {refusal && <Alert severity="error">{refusal}</Alert>}
        <Button variant="contained" size="large" onClick={join}>
          {JOIN_BUTTON_LABEL}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          {user
            ? `You are signed in as ${personName(user)}.`
            : 'New here? You will only need your phone number.'}{' '}
          This link expires on {displayDate(invite.expiresAt)}.
        </Typography>
      </Stack>
    );
  }

  return (
    <AuthPageLayout>
      <NoReferrer />
      <div className={ANALYTICS_SENSITIVE_CLASS}>{body}</div>
    </AuthPageLayout>
  );
}
