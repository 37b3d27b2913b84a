import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import type { AdminSessionInfo } from '@moments/shared';
import { HttpError } from '@moments/shared';
import { Link as RouterLink, useOutletContext, useParams } from 'react-router-dom';
import { usePerson } from '../../../features/admin/api/get-people';
import { PersonDetail } from '../../../features/admin/components/person-detail';

/** `/admin/people/:uid`: one person's figures and the account actions. */
export default function AdminPersonPage() {
  const { uid = '' } = useParams();
  const session = useOutletContext<AdminSessionInfo>();
  const person = usePerson(uid);
  return (
    <Stack spacing={2}>
      <Button
        component={RouterLink}
        to="/admin/people"
        variant="text"
        sx={{ alignSelf: 'flex-start' }}
      >
        Back to people
      </Button>
      {person.isPending && <CircularProgress aria-label="Loading the account" />}
      {person.error && (
        <Alert severity="error">
          {person.error instanceof HttpError && person.error.status === 404
            ? 'This account does not exist (any more).'
            : 'The account could not be loaded.'}
        </Alert>
      )}
      {person.data && <PersonDetail person={person.data} selfId={session.id} />}
    </Stack>
  );
}
