// The only module that imports @mui/x-charts: it is part of the Overview's lazy chunk, so the
// chart library downloads on /admin and nowhere else.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import type { AdminTrendDay } from '@moments/shared';
import { formatCount } from '../utils/format';

const SERIES = [
  { key: 'signups', label: 'Sign-ups per day' },
  { key: 'activePeople', label: 'Active people per day' },
  { key: 'moments', label: 'Moments created per day' },
  { key: 'entries', label: 'Entries posted per day' },
  { key: 'invitesAccepted', label: 'Invites accepted per day' },
] as const;

const shortDay = (day: string) => day.slice(5).replace('-', '/');

/** One bar chart per series over the last 30 days, each with its 30-day total. */
export function TrendCharts({ days }: { days: AdminTrendDay[] }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' },
      }}
    >
      {SERIES.map(({ key, label }) => {
        const total = days.reduce((n, d) => n + d[key], 0);
        return (
          <Paper
            key={key}
            component="figure"
            elevation={0}
            sx={{ m: 0, p: 2, borderRadius: 3, border: 1, borderColor: 'divider' }}
          >
            <Typography component="figcaption" variant="h3">
              {label}: {formatCount(total)} in 30 days
            </Typography>
            <BarChart
              height={200}
              xAxis={[{ data: days.map((d) => shortDay(d.day)), scaleType: 'band' }]}
              yAxis={[{ tickMinStep: 1 }]}
              series={[{ data: days.map((d) => d[key]), label, color: '#2F6B58' }]}
              hideLegend
              margin={{ left: 0, right: 8 }}
            />
          </Paper>
        );
      })}
    </Box>
  );
}
