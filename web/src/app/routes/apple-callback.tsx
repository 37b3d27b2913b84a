import { useEffect, useMemo, useRef, useState } from 'react';
import Typography from '@mui/material/Typography';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { FullScreenLoader } from '../../components/layouts/full-screen-loader';
import { PageShell } from '../../components/layouts/page-shell';
import { useAppleSignInOutcome } from '../../features/auth/components/apple-sign-in-handler';
import { appleCallbackResult, storedAppleFlow } from '../../features/auth/utils/apple';

/**
 * `/auth/apple-callback`, where Apple sends the browser back: hands the code
 * and state on as ?apple_code=...&apple_state=... to the page of the flow that started it.
 */
export default function AppleCallbackPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [flow] = useState(storedAppleFlow);
  const { fail } = useAppleSignInOutcome(flow);
  const result = useMemo(() => appleCallbackResult(params, flow), [params, flow]);
  const done = useRef(false);

  useEffect(() => {
    if (!result || done.current) return;
    done.current = true;
    if (result.ok) void navigate(result.to, { replace: true });
    else fail(result.message);
  }, [result, navigate, fail]);

  if (result) return <FullScreenLoader label="Processing your sign-in..." />;
  return (
    <PageShell title="Signing you in" back={{ to: '/auth', label: 'Back to sign in' }}>
      <Typography color="text.secondary">
        Nothing came back from Apple. Go back and choose Sign in with Apple again.
      </Typography>
    </PageShell>
  );
}
