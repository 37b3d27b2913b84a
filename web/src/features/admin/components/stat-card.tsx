import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

interface StatCardProps {
  label: string;
  value: string;
  detail?: string;
  /** A word or a date rather than a number: smaller, so it fits a phone's half width. */
  text?: boolean;
}

/** One figure of the Overview. */
export function StatCard({ label, value, detail, text = false }: StatCardProps) {
  return (
    <Paper
      component="section"
      aria-label={label}
      elevation={0}
      sx={{ p: 2, borderRadius: 3, border: 1, borderColor: 'divider', height: '100%' }}
    >
      <Typography variant="body2" color="text.secondary" component="h3">
        {label}
      </Typography>
      <Typography sx={{ fontSize: text ? '1.125rem' : '1.75rem', fontWeight: 700 }}>
        {value}
      </Typography>
      {detail && (
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      )}
    </Paper>
  );
}
