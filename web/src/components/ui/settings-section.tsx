import { useId, type ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** A titled card of a settings page (My Account), labelled by its heading. */
export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      elevation={0}
      aria-labelledby={headingId}
      sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: 4, border: 1, borderColor: 'divider' }}
    >
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.125rem', mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
