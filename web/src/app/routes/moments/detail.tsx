import { lazy, Suspense } from 'react';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { MomentDetail } from '../../../features/moments/components/moment-detail';

// Most visits never share: the dialog's code is fetched when it is first opened.
import { NEEDS_CONNECTION, useOnline } from '../../../features/offline/hooks/use-online';

const ShareDialog = lazy(() =>
  import('../../../features/sharing/components/share-dialog').then((module) => ({
    default: module.ShareDialog,
  })),
);

const SHARE_PARAM = 'openShareModal';

/** `/journals/:id`; `?openShareModal=true` opens the share dialog. */
export default function MomentDetailPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const online = useOnline();
  // Sharing needs the network: offline, the dialog waits until it returns.
  const shareOpen = params.get(SHARE_PARAM) === 'true' && online;

  const setShareOpen = (open: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (open) next.set(SHARE_PARAM, 'true');
        else next.delete(SHARE_PARAM);
        return next;
      },
      { replace: true },
    );

  return (
    <Container component="main" maxWidth="md" sx={{ py: { xs: 2, sm: 4 } }}>
      <Button component={RouterLink} to="/home" size="small" sx={{ mb: 1, ml: -1 }}>
        ← Back to my moments
      </Button>
      <MomentDetail
        key={id}
        journalId={id}
        actions={
          <Button
            variant="outlined"
            size="small"
            disabled={!online}
            title={online ? undefined : NEEDS_CONNECTION}
            aria-description={online ? undefined : NEEDS_CONNECTION}
            onClick={() => setShareOpen(true)}
          >
            Share
          </Button>
        }
      />
      {shareOpen && (
        <Suspense fallback={null}>
          <ShareDialog key={id} journalId={id} open onClose={() => setShareOpen(false)} />
        </Suspense>
      )}
    </Container>
  );
}
