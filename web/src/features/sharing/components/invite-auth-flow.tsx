import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  INVITE_FLOW_ERRORS,
  REQUEST_ERRORS,
  VERIFY_ERRORS,
  completeProfileFailedToast,
  failedStatus,
  failureMessage,
  normalizePhoneNumber,
  verifyError,
} from '@moments/shared';
import { useNavigate } from 'react-router-dom';
import { FullScreenLoader } from '../../../components/layouts/full-screen-loader';
import { toast } from '../../../components/ui/toast';
import { useUser } from '../../auth/api/get-user';
import type { PendingCode } from '../../auth/api/request-code';
import { useVerify } from '../../auth/api/verify';
import { AuthPageLayout } from '../../auth/components/auth-page-layout';
import { CodeForm } from '../../auth/components/code-form';
import { useCompleteInviteProfile } from '../api/complete-invite-profile';
import { inviteRefusalMessage, useInvitePreview } from '../api/get-invite-preview';
import { useStartInviteSignIn } from '../api/start-invite-sign-in';
import { clearStoredInvite, storeInvite } from '../utils/invite-storage';
import type { InviteInUrl } from '../utils/invite-url';
import { InvitePhoneForm } from './invite-phone-form';
import { InviteProfileForm } from './invite-profile-form';
import { NoReferrer } from './no-referrer';
import { PROCESSING_TEXT, ProcessingInvite } from './processing-invite';

type Step =
  | { name: 'phone' }
  | { name: 'code'; phoneNumber: string; pendingCode?: PendingCode }
  /** A new number with a link for anyone (which has a token): no code. */
  | { name: 'profile'; mode: 'skip-verification'; phoneNumber: string; inviteToken: string }
  /** The number is verified already. */
  | { name: 'profile'; mode: 'onboard' }
  /** `landing: 'home'`: signed in on arrival with a token in the URL. */
  | { name: 'processing'; landing?: 'home' };

const STEPS = {
  phone: { number: 1, title: 'Your phone number' },
  code: { number: 2, title: 'Enter your code' },
  profile: { number: 3, title: 'Your name' },
} as const;

/** The phone step's failure: too many requests says so; anything else is the spec's message. */
function sendCodeError(error: unknown): string {
  return failedStatus(error) === 429 ? REQUEST_ERRORS.tooManyAttempts : INVITE_FLOW_ERRORS.sendCode;
}

/** Too many tries and server trouble say so; any other failure is the invite flow's message. */
function inviteVerifyError(error: unknown): string {
  const status = failedStatus(error);
  if (status === 429 || (status !== undefined && status >= 500)) {
    return verifyError(status).message;
  }
  return INVITE_FLOW_ERRORS.verify;
}

/**
 * The profile step's failure: the server's reason when it refused the invite sign-up (the
 * number has an account, the link is no longer valid); otherwise the spec's message.
 */
function completeProfileError(error: unknown): string {
  const refusal = [403, 404, 409, 410].includes(failedStatus(error) ?? 0);
  return refusal
    ? failureMessage(error, INVITE_FLOW_ERRORS.completeProfile)
    : INVITE_FLOW_ERRORS.completeProfile;
}

function StepLoader({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 160 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

interface InviteAuthFlowProps {
  invite: InviteInUrl;
}

/**
 * The auth page's invite mode: phone, verify,
 * profile, then the invite is accepted. A person already signed in goes straight to accepting.
 */
export function InviteAuthFlow({ invite }: InviteAuthFlowProps) {
  const navigate = useNavigate();
  const { data: user } = useUser({ poll: true });
  const preview = useInvitePreview(invite.token);
  const [step, setStep] = useState<Step>(() =>
    user && invite.token ? { name: 'processing', landing: 'home' } : { name: 'phone' },
  );
  const [lastPhoneNumber, setLastPhoneNumber] = useState('');
  const start = useStartInviteSignIn();
  const verify = useVerify();
  const complete = useCompleteInviteProfile();

  const journalId = invite.journalId ?? preview.data?.journalId ?? null;
  const inviterName = invite.inviterName ?? preview.data?.inviterName ?? null;
  const journalTitle = preview.data?.journalTitle ?? invite.journalTitle;
  // Without a token the server looks for a link made for the caller's number: verify it.
  const targeted = invite.token ? (preview.data?.targeted ?? true) : true;

  // What the preview adds is kept with the token, for a reload or a later screen.
  const previewData = preview.data;
  useEffect(() => {
    if (!previewData) return;
    storeInvite({
      journalId: previewData.journalId,
      journalTitle: previewData.journalTitle,
      inviterName: previewData.inviterName,
    });
  }, [previewData]);

  // Signed in without a stored token, there is nothing to accept here.
  const nothingToAccept = Boolean(user) && !invite.token && step.name === 'phone';
  useEffect(() => {
    if (nothingToAccept) void navigate('/home', { replace: true });
  }, [nothingToAccept, navigate]);

  if (step.name === 'processing') {
    return journalId ? (
      <ProcessingInvite journalId={journalId} token={invite.token} landing={step.landing} />
    ) : preview.isError ? (
      <ProcessingInviteFailed message={inviteRefusalMessage(preview.error)} />
    ) : (
      <FullScreenLoader label={PROCESSING_TEXT} />
    );
  }

  const header = (
    <Box sx={{ mb: 2 }}>
      {inviterName && (
        <Typography variant="overline" component="p" color="text.secondary">
          Invited by {inviterName}
        </Typography>
      )}
      <Typography variant="h2">
        {inviterName ? `Join ${inviterName}'s Journal` : 'Accept Journal Invite'}
      </Typography>
      {journalTitle && (
        <Typography color="text.secondary" sx={{ mt: 0.5, wordBreak: 'break-word' }}>
          “{journalTitle}”
        </Typography>
      )}
    </Box>
  );

  let body;
  if (invite.token && preview.isError) {
    body = (
      <Stack spacing={2}>
        <Alert severity="error">{inviteRefusalMessage(preview.error)}</Alert>
        <Button
          variant="contained"
          onClick={() => {
            clearStoredInvite();
            void navigate('/auth', { replace: true });
          }}
        >
          Go to sign in
        </Button>
      </Stack>
    );
  } else if (!journalId) {
    body = <StepLoader label="Loading the invite" />;
  } else if (step.name === 'phone') {
    body = (
      <InvitePhoneForm
        defaultPhoneNumber={lastPhoneNumber}
        pending={start.isPending}
        error={start.error ? sendCodeError(start.error) : undefined}
        onSubmit={({ phoneNumber: typed }) => {
          setLastPhoneNumber(typed);
          const phoneNumber = normalizePhoneNumber(typed);
          start.mutate(
            { phoneNumber, journalId, targeted },
            {
              onSuccess: ({ next, pendingCode }) =>
                setStep(
                  // 'profile' comes only with a token: links without one count as targeted.
                  next === 'profile' && invite.token
                    ? {
                        name: 'profile',
                        mode: 'skip-verification',
                        phoneNumber,
                        inviteToken: invite.token,
                      }
                    : { name: 'code', phoneNumber, pendingCode },
                ),
            },
          );
        }}
      />
    );
  } else if (step.name === 'code') {
    body = (
      <CodeForm
        phoneNumber={step.phoneNumber}
        pendingCode={step.pendingCode}
        pending={verify.isPending}
        error={verify.error ? inviteVerifyError(verify.error) : undefined}
        onUseDifferentNumber={() => {
          verify.reset();
          start.reset();
          setStep({ name: 'phone' });
        }}
        onSubmit={(input) =>
          verify.mutate(input, {
            onSuccess: (response) =>
              setStep(
                response.needsOnboarding
                  ? { name: 'profile', mode: 'onboard' }
                  : { name: 'processing' },
              ),
            onError: (error) =>
              toast({
                title: VERIFY_ERRORS.toastTitle,
                description: inviteVerifyError(error),
                variant: 'destructive',
              }),
          })
        }
      />
    );
  } else {
    const profile = step;
    body = (
      <InviteProfileForm
        pending={complete.isPending}
        error={complete.isError ? completeProfileError(complete.error) : undefined}
        onSubmit={(values) =>
          complete.mutate(
            profile.mode === 'onboard'
              ? { ...values, mode: 'onboard' }
              : {
                  ...values,
                  mode: 'skip-verification',
                  phoneNumber: profile.phoneNumber,
                  journalId,
                  inviteToken: profile.inviteToken,
                },
            {
              onSuccess: () => setStep({ name: 'processing' }),
              onError: () => toast(completeProfileFailedToast()),
            },
          )
        }
      />
    );
  }

  const current = STEPS[step.name];

  return (
    <AuthPageLayout>
      <NoReferrer />
      {header}
      {journalId && !(invite.token && preview.isError) && (
        <Box sx={{ mb: 2 }}>
          <Typography variant="body2" color="text.secondary">
            Step {current.number} of 3
          </Typography>
          <Typography variant="h3">{current.title}</Typography>
        </Box>
      )}
      {body}
    </AuthPageLayout>
  );
}

function ProcessingInviteFailed({ message }: { message: string }) {
  const navigate = useNavigate();
  return (
    <AuthPageLayout>
      <Stack spacing={2}>
        <Alert severity="error">{message}</Alert>
        <Button
          variant="contained"
          onClick={() => {
            clearStoredInvite();
            void navigate('/home', { replace: true });
          }}
        >
          Go to my moments
        </Button>
      </Stack>
    </AuthPageLayout>
  );
}
