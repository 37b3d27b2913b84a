import type { FormEventHandler, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';

interface SubmitFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  pending: boolean;
  /** The request's error message, shown above the button. */
  error?: string;
  children: ReactNode;
  /** Under the submit button, e.g. a secondary action. */
  footer?: ReactNode;
}

/**
 * The frame of a one-column form: its fields, the request's error, a full-width submit button.
 * Validation is the schema's (noValidate), so messages are the spec's, not the browser's.
 */
export function SubmitForm({
  onSubmit,
  submitLabel,
  pending,
  error,
  children,
  footer,
}: SubmitFormProps) {
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
      {children}
      {error && <Alert severity="error">{error}</Alert>}
      <Button type="submit" variant="contained" size="large" fullWidth loading={pending}>
        {submitLabel}
      </Button>
      {footer}
    </Stack>
  );
}
