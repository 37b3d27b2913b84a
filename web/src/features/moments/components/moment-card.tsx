import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { Journal } from '@moments/shared';
import { Link as RouterLink } from 'react-router-dom';

const dateFormat = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

function formatCardDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

interface MomentCardProps {
  journal: Journal;
}

/** A moment in the home grid. For now text-only: title and date. */
export function MomentCard({ journal }: MomentCardProps) {
  return (
    <Card variant="outlined" sx={{ height: '100%', borderRadius: 3 }}>
      <CardActionArea
        component={RouterLink}
        to={`/journals/${encodeURIComponent(journal.id)}`}
        sx={{ height: '100%', minHeight: 120, alignItems: 'flex-start', display: 'flex' }}
      >
        <CardContent sx={{ width: '100%' }}>
          <Typography
            variant="body2"
            color="text.secondary"
            component="time"
            dateTime={journal.createdAt}
          >
            {formatCardDate(journal.createdAt)}
          </Typography>
          <Typography
            variant="h3"
            component="h2"
            sx={{
              mt: 0.5,
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              wordBreak: 'break-word',
            }}
          >
            {journal.title}
          </Typography>
          {journal.isPinned && (
            <Typography variant="caption" color="primary" sx={{ fontWeight: 600 }}>
              Pinned
            </Typography>
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
