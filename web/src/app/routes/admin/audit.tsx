import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ADMIN_ACTIONS, type AdminAction } from '@moments/shared';
import { useSearchParams } from 'react-router-dom';
import { useAudit } from '../../../features/admin/api/get-audit';
import { AuditFilters, AuditList } from '../../../features/admin/components/audit-list';

function asAction(value: string | null): AdminAction | '' {
  return ADMIN_ACTIONS.find((a) => a === value) ?? '';
}

/** `/admin/audit`: every admin action and admin login, newest first, with filters. */
export default function AdminAuditPage() {
  const [params, setParams] = useSearchParams();
  const action = asAction(params.get('action'));
  const targetId = params.get('targetId') ?? '';
  const audit = useAudit({ action: action || undefined, targetId: targetId || undefined });
  const entries = audit.data?.pages.flatMap((p) => p.entries) ?? [];

  const setFilter = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h2" component="h2">
        Audit log
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <AuditFilters action={action} onAction={(a) => setFilter('action', a)} />
        {targetId && (
          <Button variant="outlined" onClick={() => setFilter('targetId', '')}>
            Show every person
          </Button>
        )}
      </Stack>
      {audit.isPending && <CircularProgress aria-label="Loading the audit log" />}
      {audit.error && <Alert severity="error">The audit log could not be loaded.</Alert>}
      {audit.data && entries.length === 0 && <Typography>Nothing recorded yet.</Typography>}
      <AuditList entries={entries} />
      {audit.hasNextPage && (
        <Button
          variant="outlined"
          loading={audit.isFetchingNextPage}
          onClick={() => void audit.fetchNextPage()}
        >
          Show older
        </Button>
      )}
    </Stack>
  );
}
