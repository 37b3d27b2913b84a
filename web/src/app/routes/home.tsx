import { Link as RouterLink } from 'react-router-dom';
import { AppHeader } from '../../components/layouts/app-header';
import page from '../../components/layouts/page.module.css';
import button from '../../components/ui/button.module.css';
import { useUser } from '../../features/auth/api/get-user';
import { AccountMenu } from '../../features/auth/components/account-menu';
import { MomentsList } from '../../features/moments/components/moments-list';

/** `/home`: the moment list. */
export default function HomePage() {
  const { data: user } = useUser();

  return (
    <>
      <AppHeader actions={<AccountMenu />} />
      <main className={page.main}>
        <div className={page.titleRow}>
          <h1 className={page.title}>My Moments</h1>
          <RouterLink to="/moment/new" className={button.contained}>
            New Moment
          </RouterLink>
        </div>
        <MomentsList enabled={Boolean(user)} />
      </main>
    </>
  );
}
