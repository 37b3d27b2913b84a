import { lazy, Suspense } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import page from '../../../components/layouts/page.module.css';
import button from '../../../components/ui/button.module.css';
import { DialogShell } from '../../../components/ui/dialog-shell';
import { MomentDetail } from '../../../features/moments/components/moment-detail';

// Most visits never share: the dialog's code is fetched when it is first opened.
import { NEEDS_CONNECTION, useOnline } from '../../../features/offline/hooks/use-online';
import { withUiKitTheme } from '../../../components/ui/with-ui-kit-theme';

const ShareDialog = lazy(
  withUiKitTheme(() =>
    import('../../../features/sharing/components/share-dialog').then((module) => ({
      default: module.ShareDialog,
    })),
  ),
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
    <main className={`${page.main} ${page.moment}`}>
      <RouterLink to="/home" className={`${button.text} ${button.small} ${page.back}`}>
        ← Back to my moments
      </RouterLink>
      <MomentDetail
        key={id}
        journalId={id}
        actions={
          <button
            type="button"
            className={`${button.outlined} ${button.small}`}
            disabled={!online}
            title={online ? undefined : NEEDS_CONNECTION}
            aria-description={online ? undefined : NEEDS_CONNECTION}
            onClick={() => setShareOpen(true)}
          >
            Share
          </button>
        }
      />
      {shareOpen && (
        <Suspense fallback={<DialogShell title="Share" onClose={() => setShareOpen(false)} />}>
          <ShareDialog key={id} journalId={id} open onClose={() => setShareOpen(false)} />
        </Suspense>
      )}
    </main>
  );
}
