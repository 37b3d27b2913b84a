import type { FormEventHandler, ReactNode } from 'react';
import { ErrorAlert } from '../errors/error-alert';
import button from './button.module.css';
import { Spinner } from './spinner';
import styles from './submit-form.module.css';

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
 * The frame of a one-column form: its fields, the request's error, a full-width submit button
 * (busy while the request is under way). Validation is the schema's (noValidate), so messages are
 * the spec's, not the browser's. Plain elements: the sign-in screen's first render draws it.
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
    <form noValidate className={styles.form} onSubmit={onSubmit}>
      {children}
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <button
        type="submit"
        className={[button.contained, button.large, button.fullWidth, pending && button.loading]
          .filter(Boolean)
          .join(' ')}
        disabled={pending}
        aria-busy={pending || undefined}
      >
        {pending && (
          <span className={button.spinner}>
            <Spinner size={20} color="currentColor" />
          </span>
        )}
        <span className={button.label}>{submitLabel}</span>
      </button>
      {footer}
    </form>
  );
}
