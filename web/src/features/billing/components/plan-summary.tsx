import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  BILLING_MESSAGES,
  failureMessage,
  PLUS_PLAN_NAME,
  SUBSCRIBE_PATH,
  SUBSCRIPTION_STATUS_LABELS,
  formatBillingDate,
  type BillingSummary,
} from '@moments/shared';
import { Link as RouterLink } from 'react-router-dom';
import { toast } from '../../../components/ui/toast';
import { useBilling } from '../api/get-billing';
import { useOpenPortal } from '../api/open-portal';

/** "Renews on ...", "Ends on ..." or "Ended on ...", or null without a date. */
function periodLine(billing: BillingSummary): string | null {
  if (!billing.currentPeriodEnd || !billing.status) return null;
  const date = formatBillingDate(billing.currentPeriodEnd);
  if (!billing.hasSubscription) return `Ended on ${date}`;
  return billing.cancelAtPeriodEnd ? `Ends on ${date}` : `Renews on ${date}`;
}

function Usage({ billing }: { billing: BillingSummary }) {
  const { photosStored, photoAllowance, hasSubscription } = billing;
  if (hasSubscription) {
    return (
      <Typography>
        {photosStored.toLocaleString()} photos stored: no limit with {PLUS_PLAN_NAME}.
      </Typography>
    );
  }
  const text = `${photosStored.toLocaleString()} of ${photoAllowance.toLocaleString()} free photos used`;
  return (
    <Stack spacing={1}>
      <Typography>{text}</Typography>
      <LinearProgress
        variant="determinate"
        aria-label={text}
        value={Math.min(100, (photosStored / photoAllowance) * 100)}
        sx={{ height: 8, borderRadius: 4 }}
      />
      {photosStored >= photoAllowance && (
        <Alert severity="warning">{BILLING_MESSAGES.photoAllowanceReached}</Alert>
      )}
    </Stack>
  );
}

/** My Account's plan section: plan, status, renewal or end date, photos against the allowance. */
export function PlanSummary() {
  const billing = useBilling();
  const portal = useOpenPortal();

  if (billing.isPending) return <Typography role="status">Loading your plan…</Typography>;
  if (billing.isError) {
    return (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography color="error">Your plan could not be loaded.</Typography>
        <Button variant="outlined" onClick={() => void billing.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  }
  const data = billing.data;
  const when = periodLine(data);

  return (
    <Stack spacing={2}>
      <Stack spacing={0.5}>
        <Typography>
          Plan: <strong>{data.hasSubscription ? PLUS_PLAN_NAME : 'Free'}</strong>
          {data.hasSubscription && data.period ? ` (${data.period})` : ''}
        </Typography>
        {data.status && <Typography>Status: {SUBSCRIPTION_STATUS_LABELS[data.status]}</Typography>}
        {when && <Typography>{when}</Typography>}
      </Stack>
      <Usage billing={data} />
      {!data.hasSubscription && (
        <Button
          component={RouterLink}
          to={`${SUBSCRIBE_PATH}?flow=account`}
          variant="contained"
          size="large"
        >
          Get {PLUS_PLAN_NAME}
        </Button>
      )}
      {data.canManage && (
        <Button
          variant="outlined"
          size="large"
          loading={portal.isPending || portal.isSuccess}
          onClick={() =>
            portal.mutate(undefined, {
              onError: (error) =>
                toast({
                  title: 'Billing is unavailable',
                  description: failureMessage(error, BILLING_MESSAGES.paymentsUnavailable),
                  variant: 'destructive',
                }),
            })
          }
        >
          Manage billing
        </Button>
      )}
    </Stack>
  );
}
