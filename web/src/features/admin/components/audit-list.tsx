import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ADMIN_ACTION_LABELS,
  ADMIN_ACTIONS,
  type AdminAction,
  type AuditEntry,
} from '@moments/shared';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime } from '../utils/format';

interface AuditFiltersProps {
  action: AdminAction | '';
  onAction: (action: AdminAction | '') => void;
}

export function AuditFilters({ action, onAction }: AuditFiltersProps) {
  return (
    <TextField
      select
      id="audit-action"
      label="Action"
      value={action}
      onChange={(e) => onAction(e.target.value as AdminAction | '')}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 240 }}
    >
      <MenuItem value="">All actions</MenuItem>
      {ADMIN_ACTIONS.map((a) => (
        <MenuItem key={a} value={a}>
          {ADMIN_ACTION_LABELS[a]}
        </MenuItem>
      ))}
    </TextField>
  );
}

function PersonLink({ id, name }: { id: string | null; name: string | null }) {
  if (!id) return <>{name ?? 'Unknown'}</>;
  return (
    <Link component={RouterLink} to={`/admin/people/${encodeURIComponent(id)}`}>
      {name ?? id}
    </Link>
  );
}

/** Audit rows, newest first: when, what, who, to whom, from where. */
export function AuditList({ entries }: { entries: AuditEntry[] }) {
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {entries.map((entry) => (
        <Paper
          component="li"
          key={entry.id}
          elevation={0}
          sx={{ p: 2, borderRadius: 3, border: 1, borderColor: 'divider' }}
        >
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 0.5, md: 2 }}>
            <Typography variant="body2" color="text.secondary" sx={{ minWidth: 180 }}>
              {formatDateTime(entry.at)}
            </Typography>
            <Typography sx={{ fontWeight: 700, minWidth: 200 }}>
              {ADMIN_ACTION_LABELS[entry.action] ?? entry.action}
            </Typography>
            <Typography variant="body2" sx={{ flex: 1 }}>
              by <PersonLink id={entry.actorId} name={entry.actorName} />
              {entry.targetId && (
                <>
                  {' '}
                  on <PersonLink id={entry.targetId} name={entry.targetName} />
                </>
              )}
              {entry.detail && <> (username tried: {entry.detail})</>}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              from {entry.clientAddress ?? 'unknown'}
            </Typography>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
