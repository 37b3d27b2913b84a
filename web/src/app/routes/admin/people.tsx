import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router-dom';
import { usePeople } from '../../../features/admin/api/get-people';
import { PeopleList } from '../../../features/admin/components/people-list';
import { PeopleSearch } from '../../../features/admin/components/people-search';

/** `/admin/people`: find a person, or page through the newest accounts. */
export default function AdminPeoplePage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const people = usePeople(q);
  const rows = people.data?.pages.flatMap((p) => p.people) ?? [];
  return (
    <Stack spacing={2}>
      <Typography variant="h2" component="h2">
        People
      </Typography>
      <PeopleSearch
        key={q}
        initial={q}
        onSearch={(next) => setParams(next ? { q: next } : {}, { replace: true })}
      />
      <Typography variant="h3" component="h3" aria-live="polite">
        {q ? `Results for “${q}”` : 'Newest accounts'}
        {people.data ? ` (${rows.length}${people.hasNextPage ? '+' : ''})` : ''}
      </Typography>
      {people.isPending && <CircularProgress aria-label="Loading people" />}
      {people.error && <Alert severity="error">The list could not be loaded.</Alert>}
      {people.data && rows.length === 0 && <Typography>No one found.</Typography>}
      <PeopleList people={rows} />
      {people.hasNextPage && (
        <Button
          variant="outlined"
          loading={people.isFetchingNextPage}
          onClick={() => void people.fetchNextPage()}
        >
          Show more
        </Button>
      )}
    </Stack>
  );
}
