import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';

interface PeopleSearchProps {
  initial: string;
  onSearch: (q: string) => void;
}

/** One box for a phone number (any format), a name or an email. */
export function PeopleSearch({ initial, onSearch }: PeopleSearchProps) {
  const [q, setQ] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(q.trim());
  };
  return (
    <Stack
      component="form"
      role="search"
      onSubmit={submit}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'flex-start' } }}
    >
      <TextField
        id="people-search"
        label="Find a person"
        helperText="Phone number (any format), name or email"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 100, autoComplete: 'off' } }}
        sx={{ flex: 1 }}
      />
      <Button type="submit" variant="contained" size="large" sx={{ minHeight: 56 }}>
        Search
      </Button>
      {initial && (
        <Button
          variant="text"
          size="large"
          sx={{ minHeight: 56 }}
          onClick={() => {
            setQ('');
            onSearch('');
          }}
        >
          Show newest
        </Button>
      )}
    </Stack>
  );
}
