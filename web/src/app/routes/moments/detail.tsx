import { lazy, Suspense, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import page from '../../../components/layouts/page.module.css';
import button from '../../../components/ui/button.module.css';
import { DialogShell } from '../../../components/ui/dialog-shell';
import { MomentDetail } from '../../../features/moments/components/moment-detail';

// Most visits never share: the dialog's code is fetched when it is first opened.
import { NEEDS_CONNECTION, useOnline } from '../../../features/offline/hooks/use-online';
import { withUiKitTheme } from '../../../components/ui/with-ui-kit-theme';
import { untilPaint } from '../../../lib/schedule';

const loadShareDialog = withUiKitTheme(() =>
  import('../../../features/sharing/components/share-dialog').then((module) => ({
    default: module.ShareDialog,
  })),
);
// Asked for once the press's frame (the dialog's frame) has painted: asking adds a link to the
// page for each of its files (Vite's preload), which made the press's own task longer.
const ShareDialog = lazy(() => untilPaint().then(loadShareDialog));

const SHARE_PARAM = 'openShareModal';

interface ShareDialogOpener {
  open: () => void;
}

/**
 * The share dialog, open while its own state says so. The Share button opens it here rather than
 * through the address: a change of address renders the whole moment page again, in a transition
 * the dialog's frame waited for, while this state renders the dialog alone, its frame in the
 * frame that answers the press. `?openShareModal=true` still opens it (a card's Share
 * links there), and closing it then takes the parameter off the address.
 */
function ShareDialogHost({ journalId, ref }: { journalId: string; ref: Ref<ShareDialogOpener> }) {
  const [params, setParams] = useSearchParams();
  const online = useOnline();
  const asked = params.get(SHARE_PARAM) === 'true';
  const [open, setOpen] = useState(asked);
  // A later address asking for it (a link to this page with the parameter) opens it again.
  const [lastAsked, setLastAsked] = useState(asked);
  if (asked !== lastAsked) {
    setLastAsked(asked);
    if (asked) setOpen(true);
  }
  useImperativeHandle(ref, () => ({ open: () => setOpen(true) }), []);

  const close = () => {
    setOpen(false);
    if (asked) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(SHARE_PARAM);
          return next;
        },
        { replace: true },
      );
    }
  };

  // Sharing needs the network: offline, the dialog waits until it returns.
  if (!open || !online) return null;
  return (
    <Suspense fallback={<DialogShell title="Share" onClose={close} />}>
      <ShareDialog journalId={journalId} open onClose={close} />
    </Suspense>
  );
}

/** `/journals/:id`; `?openShareModal=true` opens the share dialog. */
export default function MomentDetailPage() {
  const { id = '' } = useParams();
  const online = useOnline();
  const share = useRef<ShareDialogOpener>(null);

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
            onClick={() => share.current?.open()}
          >
            Share
          </button>
        }
      />
      <ShareDialogHost key={id} ref={share} journalId={id} />
    </main>
  );
}
