import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useOverview, useTrends, useWebVitals } from '../../../features/admin/api/get-overview';
import { OverviewTotals } from '../../../features/admin/components/overview-totals';
import { TrendCharts } from '../../../features/admin/components/trend-charts';
import { WebVitalsTable } from '../../../features/admin/components/web-vitals-table';

/** `/admin`: the service's health at a glance (figures only, never content). */
export default function AdminOverviewPage() {
  const overview = useOverview();
  const trends = useTrends();
  const vitals = useWebVitals();
  return (
    <Stack spacing={2}>
      <Typography variant="h2" component="h2">
        Overview
      </Typography>
      {overview.isPending && <CircularProgress aria-label="Loading totals" />}
      {overview.error && <Alert severity="error">The totals could not be loaded.</Alert>}
      {overview.data && <OverviewTotals overview={overview.data} />}
      <Typography variant="h2" sx={{ pt: 2 }}>
        Last 30 days
      </Typography>
      {trends.isPending && <CircularProgress aria-label="Loading trends" />}
      {trends.error && <Alert severity="error">The trends could not be loaded.</Alert>}
      {trends.data && <TrendCharts days={trends.data.days} />}
      <Typography variant="h2" sx={{ pt: 2 }}>
        Web Vitals
      </Typography>
      {vitals.isPending && <CircularProgress aria-label="Loading Web Vitals" />}
      {vitals.error && <Alert severity="error">The Web Vitals could not be loaded.</Alert>}
      {vitals.data && <WebVitalsTable summary={vitals.data} />}
    </Stack>
  );
}
