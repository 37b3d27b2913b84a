import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { AppHeader } from '../../components/layouts/app-header';
import { AppVersion } from '../../features/app-update/components/app-version';
import { AccountMenu } from '../../features/auth/components/account-menu';
import { AccountSettings } from '../../features/auth/components/account-settings';
import { PasskeysSection } from '../../features/auth/components/passkeys-section';
import { DeleteAccountSection } from '../../features/auth/components/delete-account-section';
import { SettingsSection } from '../../components/ui/settings-section';
import { PlanSummary } from '../../features/billing/components/plan-summary';
import { NotificationsSettings } from '../../features/notifications/components/notifications-settings';
import { DownloadMyData } from '../../features/moments/components/download-my-data';

/** `/profile`: My Account. */
export default function ProfilePage() {
  return (
    <>
      <AppHeader actions={<AccountMenu />} />
      <Container component="main" maxWidth="sm" sx={{ py: 3 }}>
        <Button
          component={RouterLink}
          to="/home"
          variant="text"
          startIcon={<span aria-hidden="true">‹</span>}
          sx={{ mb: 1, ml: -1 }}
        >
          Back to my moments
        </Button>
        <Typography variant="h1" sx={{ mb: 2 }}>
          My Account
        </Typography>
        <AccountSettings>
          <PasskeysSection />
          <SettingsSection title="Your plan">
            <PlanSummary />
          </SettingsSection>
          <NotificationsSettings />
          <SettingsSection title="Your data">
            <DownloadMyData />
          </SettingsSection>
        </AccountSettings>
        <Box sx={{ mt: 2 }}>
          <DeleteAccountSection />
        </Box>
        <AppVersion />
      </Container>
    </>
  );
}
