import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_STATUS_LABELS,
  type AdminOverview,
} from '@moments/shared';
import { formatBytes, formatCount } from '../utils/format';
import { StatCard } from './stat-card';

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(4, 1fr)' },
};

/** The totals: people, moments, photos and storage, entries, invites, subscriptions. */
export function OverviewTotals({ overview }: { overview: AdminOverview }) {
  const { people, moments, photos, invites } = overview;
  return (
    <>
      <Box sx={grid}>
        <StatCard
          label="People"
          value={formatCount(people.total)}
          detail={`${formatCount(people.verified)} verified, ${formatCount(people.unverified)} unverified`}
        />
        <StatCard label="Disabled accounts" value={formatCount(people.disabled)} />
        <StatCard
          label="Moments"
          value={formatCount(moments.total)}
          detail={`${formatCount(moments.shared)} shared`}
        />
        <StatCard label="Photos" value={formatCount(photos.total)} />
        <StatCard label="Photo storage" value={formatBytes(photos.bytes)} />
        <StatCard label="Entries" value={formatCount(overview.entries)} />
        <StatCard label="Pending invite links" value={formatCount(invites.pending)} />
        <StatCard label="Invites accepted" value={formatCount(invites.accepted)} />
      </Box>
      <Typography variant="h2" sx={{ mt: 4, mb: 2 }}>
        Subscriptions
      </Typography>
      <Box sx={grid}>
        {SUBSCRIPTION_STATUSES.map((status) => (
          <StatCard
            key={status}
            label={SUBSCRIPTION_STATUS_LABELS[status]}
            value={formatCount(overview.subscriptions[status] ?? 0)}
          />
        ))}
      </Box>
    </>
  );
}
