import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { failedStatus } from '@moments/shared';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useAllPhotos, useJournal } from '../../../features/moments/api/get-journal';
import { EditMomentForm } from '../../../features/moments/components/edit-moment-form';

/** `/moment/:id/edit`: the owner edits; anyone else is told so and offered the way back. */
export default function EditMomentPage() {
  const { id = '' } = useParams();
  const journal = useJournal(id);
  // The arranger orders every photo: a big moment's first answer holds only the first ones.
  const allPhotos = useAllPhotos(id, journal.data, journal.data?.role === 'owner');
  const momentPath = `/journals/${encodeURIComponent(id)}`;

  let body;
  if (journal.isPending || (journal.data?.role === 'owner' && !allPhotos)) {
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading moment" />
      </Box>
    );
  } else if (journal.isError) {
    const notFound = failedStatus(journal.error) === 404;
    body = (
      <>
        <Alert severity="error">
          {notFound
            ? 'This moment could not be found.'
            : 'Unable to load this moment. Please try again.'}
        </Alert>
        <Button component={RouterLink} to="/home" variant="outlined" sx={{ mt: 3 }}>
          Back to my moments
        </Button>
      </>
    );
  } else if (journal.data.role !== 'owner') {
    // The server refuses these edits to contributors (403); say so before anyone types.
    body = (
      <>
        <Alert severity="info">
          Only the owner can edit this moment. You can still add entries on the moment page.
        </Alert>
        <Button component={RouterLink} to={momentPath} variant="contained" sx={{ mt: 3 }}>
          Back to the moment
        </Button>
      </>
    );
  } else {
    body = <EditMomentForm key={journal.data.id} journal={journal.data} />;
  }

  return (
    <Container component="main" maxWidth="sm" sx={{ py: { xs: 2, sm: 5 } }}>
      {!journal.isError && (
        <Button component={RouterLink} to={momentPath} size="small" sx={{ mb: 1, ml: -1 }}>
          ← Back to the moment
        </Button>
      )}
      <Paper elevation={0} sx={{ p: { xs: 2, sm: 4 }, borderRadius: 4 }}>
        <Typography variant="h1" gutterBottom>
          Edit Moment
        </Typography>
        {body}
      </Paper>
    </Container>
  );
}
