import { useState, type MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { AppHeader } from '../../components/layouts/app-header';
import page from '../../components/layouts/page.module.css';
import button from '../../components/ui/button.module.css';
import { Spinner } from '../../components/ui/spinner';
import { useUser } from '../../features/auth/api/get-user';
import { AccountMenu } from '../../features/auth/components/account-menu';
import { MomentsList } from '../../features/moments/components/moments-list';

/** A press the link follows in this tab (the main button, no modifier key). */
const isPlainPress = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;

/**
 * New Moment, busy from the press until its page shows: the router's navigation is a transition
 * that takes /home down before the page's frame shows (200-300 ms at 4x CPU), while this update
 * renders the link alone, in the press's next frame.
 */
function NewMomentLink() {
  const [opening, setOpening] = useState(false);
  return (
    <RouterLink
      to="/moment/new"
      className={opening ? `${button.contained} ${button.loading}` : button.contained}
      aria-busy={opening || undefined}
      onClick={(event) => {
        if (isPlainPress(event)) setOpening(true);
      }}
    >
      {opening && (
        <span className={button.spinner}>
          <Spinner size={20} color="currentColor" />
        </span>
      )}
      <span className={button.label}>New Moment</span>
    </RouterLink>
  );
}

/** `/home`: the moment list. */
export default function HomePage() {
  const { data: user } = useUser();

  return (
    <>
      <AppHeader actions={<AccountMenu />} />
      <main className={page.main}>
        <div className={page.titleRow}>
          <h1 className={page.title}>My Moments</h1>
          <NewMomentLink />
        </div>
        <MomentsList enabled={Boolean(user)} />
      </main>
    </>
  );
}
