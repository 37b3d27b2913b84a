import { useEffect, useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import {
  BILLING_MESSAGES,
  FREE_FOREVER,
  failureMessage,
  PLUS_BENEFITS,
  PLUS_PLAN_NAME,
  formatPrice,
  yearlySavingPercent,
  type BillingPeriod,
  type CheckoutFlow,
  type PlanPrice,
} from '@moments/shared';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '../../../components/ui/toast';
import { track } from '../../../lib/analytics';
import { userQueryKey } from '../../auth/api/get-user';
import { useBilling } from '../api/get-billing';
import { usePlans } from '../api/get-plans';
import { useStartCheckout } from '../api/start-checkout';

/** How long the return from Checkout waits for Stripe's webhook before saying it is late. */
const CONFIRM_WAIT_MS = 30_000;
const CONFIRM_POLL_MS = 1000;

/** Where each flow goes on: after paying, or when the person continues without Plus. */
const NEXT: Record<CheckoutFlow, { to: string; skipLabel: string }> = {
  onboarding: { to: '/onboarding-screen-2', skipLabel: 'Continue with the free plan' },
  account: { to: '/profile', skipLabel: 'Not now' },
};

const PERIOD_WORD: Record<BillingPeriod, string> = { monthly: 'month', yearly: 'year' };

function errorMessage(error: unknown): string {
  return failureMessage(error, BILLING_MESSAGES.paymentsUnavailable);
}

function BenefitList({ items, label }: { items: readonly string[]; label: string }) {
  return (
    <Box component="ul" aria-label={label} sx={{ m: 0, pl: 0, listStyle: 'none' }}>
      {items.map((item) => (
        <Box component="li" key={item} sx={{ display: 'flex', gap: 1, py: 0.5 }}>
          <Box component="span" aria-hidden="true" sx={{ color: 'success.dark', fontWeight: 700 }}>
            ✓
          </Box>
          <Typography component="span">{item}</Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Back from Checkout: waits until Stripe has told the function, then goes on. */
function PurchaseConfirmation({ flow }: { flow: CheckoutFlow }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [late, setLate] = useState(false);
  const billing = useBilling({ pollMs: late ? false : CONFIRM_POLL_MS });
  const done = billing.data?.hasSubscription === true;
  const announced = useRef(false);

  useEffect(() => {
    const timer = setTimeout(() => setLate(true), CONFIRM_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!done || announced.current) return;
    announced.current = true;
    void queryClient.invalidateQueries({ queryKey: userQueryKey });
    toast({ title: `Welcome to ${PLUS_PLAN_NAME}`, variant: 'success' });
    void navigate(NEXT[flow].to, { replace: true });
  }, [done, flow, navigate, queryClient]);

  if (late && !done) {
    return (
      <Stack spacing={2}>
        <Alert severity="info">
          Your payment went through, but confirming it is taking longer than usual. {PLUS_PLAN_NAME}{' '}
          will show in My Account in a minute.
        </Alert>
        <Button component={RouterLink} to={NEXT[flow].to} variant="contained" size="large">
          Continue
        </Button>
      </Stack>
    );
  }
  return (
    <Stack role="status" direction="row" spacing={2} sx={{ alignItems: 'center', py: 2 }}>
      <CircularProgress size={24} aria-hidden="true" />
      <Typography>Confirming your subscription…</Typography>
    </Stack>
  );
}

function PriceChoice({
  prices,
  value,
  onChange,
}: {
  prices: PlanPrice[];
  value: BillingPeriod;
  onChange: (period: BillingPeriod) => void;
}) {
  const labelId = useId();
  const saving = yearlySavingPercent(prices);
  return (
    <FormControl>
      <FormLabel id={labelId} sx={{ fontWeight: 600, color: 'text.primary' }}>
        Choose how to pay
      </FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        value={value}
        onChange={(event) => onChange(event.target.value as BillingPeriod)}
      >
        {prices.map((price) => (
          <FormControlLabel
            key={price.period}
            value={price.period}
            control={<Radio />}
            sx={{ minHeight: 44 }}
            label={
              <>
                {price.period === 'monthly' ? 'Monthly' : 'Yearly'}:{' '}
                <strong>
                  {formatPrice(price.amount, price.currency)} per {PERIOD_WORD[price.period]}
                </strong>{' '}
                ({price.currency.toUpperCase()})
                {price.period === 'yearly' && saving > 0 ? `, save ${saving}%` : ''}
              </>
            }
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

function PlanChooser({ flow, cancelled }: { flow: CheckoutFlow; cancelled: boolean }) {
  const plans = usePlans();
  const billing = useBilling();
  const checkout = useStartCheckout();
  const [period, setPeriod] = useState<BillingPeriod>('yearly');
  const noteId = useId();
  const next = NEXT[flow];

  if (plans.isPending || billing.isPending) {
    return (
      <Stack role="status" direction="row" spacing={2} sx={{ alignItems: 'center', py: 2 }}>
        <CircularProgress size={24} aria-hidden="true" />
        <Typography>Loading plans…</Typography>
      </Stack>
    );
  }

  if (billing.data?.hasSubscription) {
    return (
      <Stack spacing={2}>
        <Alert severity="success">You have {PLUS_PLAN_NAME}. Thank you for your support!</Alert>
        <Button component={RouterLink} to={next.to} variant="contained" size="large">
          Continue
        </Button>
      </Stack>
    );
  }

  const configured = plans.data?.configured === true ? plans.data : null;
  const chosen = configured?.prices.find((p) => p.period === period);
  // A trial is for a first subscription only.
  const trialDays = configured && billing.data?.status == null ? configured.trialDays : 0;
  const note = !plans.data
    ? BILLING_MESSAGES.paymentsUnavailable
    : !configured
      ? BILLING_MESSAGES.notConfigured
      : null;

  return (
    <Stack spacing={3}>
      {cancelled && (
        <Alert severity="info">Checkout was cancelled. You have not been charged.</Alert>
      )}
      {checkout.isError && <Alert severity="error">{errorMessage(checkout.error)}</Alert>}
      {configured && <PriceChoice prices={configured.prices} value={period} onChange={setPeriod} />}
      {chosen && trialDays > 0 && (
        <Typography>
          Free for {trialDays} days, then {formatPrice(chosen.amount, chosen.currency)} per{' '}
          {PERIOD_WORD[chosen.period]}. Cancel before the trial ends and you pay nothing.
        </Typography>
      )}
      {chosen && trialDays === 0 && (
        <Typography>
          {formatPrice(chosen.amount, chosen.currency)} per {PERIOD_WORD[chosen.period]}, renewed
          automatically. Cancel any time from My Account.
        </Typography>
      )}
      <Stack spacing={1.5}>
        <Button
          variant="contained"
          size="large"
          disabled={!configured}
          loading={checkout.isPending || checkout.isSuccess}
          aria-describedby={note ? noteId : undefined}
          onClick={() => checkout.mutate({ period, flow })}
        >
          Subscribe
        </Button>
        {note && (
          <Typography id={noteId} color="text.secondary">
            {note}
          </Typography>
        )}
        <Button component={RouterLink} to={next.to} variant="text" size="large">
          {next.skipLabel}
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * `/subscribe`: Moments Plus, its prices (from Stripe), trial and benefits, Subscribe, and a way
 * on without it. Reached from the welcome tour's Apple sign-in (the onboarding flow, the
 * default: on to /onboarding-screen-2) or from My Account and the photo limit (`?flow=account`:
 * back to My Account). Stripe Checkout returns here with `?checkout=success|cancelled`.
 */
export function SubscribePanel() {
  const [params] = useSearchParams();
  const flow: CheckoutFlow = params.get('flow') === 'account' ? 'account' : 'onboarding';
  const outcome = params.get('checkout');

  // The funnel: shown, then back from Checkout (Stripe returns to the success address only once
  // the person has paid or started the trial).
  useEffect(() => {
    if (outcome === 'success') track('subscription_checkout_succeeded', { flow });
    else if (outcome === 'cancelled') track('subscription_checkout_cancelled', { flow });
    else track('subscription_viewed', { flow });
  }, [outcome, flow]);

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1" gutterBottom>
          {PLUS_PLAN_NAME}
        </Typography>
        <Typography color="text.secondary">
          Keep every photo of your family’s moments, with room to grow.
        </Typography>
      </Box>
      <Box>
        <Typography variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
          What Plus gives you
        </Typography>
        <BenefitList items={PLUS_BENEFITS} label={`What ${PLUS_PLAN_NAME} gives you`} />
      </Box>
      <Box>
        <Typography variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
          Free for everyone
        </Typography>
        <BenefitList items={FREE_FOREVER} label="Free for everyone" />
      </Box>
      {outcome === 'success' ? (
        <PurchaseConfirmation flow={flow} />
      ) : (
        <PlanChooser flow={flow} cancelled={outcome === 'cancelled'} />
      )}
    </Stack>
  );
}
