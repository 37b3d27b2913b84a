import {
  useCallback,
  useEffect,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type RefCallback,
  type TextareaHTMLAttributes,
} from 'react';
import styles from './text-input.module.css';

/** The field: an input, or a text area when multiline. */
type FieldElement = HTMLInputElement | HTMLTextAreaElement;

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: string;
  helperText?: ReactNode;
  error?: boolean;
  /** A text area, `minRows` high, instead of a one-line field. */
  multiline?: boolean;
  minRows?: number;
  /** Inside the field's box, after the text (e.g. a Show button). */
  endAdornment?: ReactNode;
  inputRef?: Ref<FieldElement>;
  /** The field (react-hook-form's `register` passes it). */
  ref?: Ref<FieldElement>;
}

function setRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * A labelled text field, drawn with plain elements and a static style sheet rather than the UI
 * kit: the sign-in screen shows one on its first screen, where every millisecond of the first
 * render counts, and each form of the app draws its fields the same way. The label is above the
 * field; a required one is marked with an asterisk (not read out: the field says it is required).
 */
export function TextInput({
  id,
  label,
  helperText,
  error = false,
  multiline = false,
  minRows = 3,
  endAdornment,
  inputRef,
  ref,
  autoFocus = false,
  className,
  ...fieldProps
}: TextInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  // `autoFocus`, in a task after the one that draws the field: focusing in the first render's
  // commit lengthens a screen's first task.
  useEffect(() => {
    if (!autoFocus) return;
    const later = setTimeout(() => document.getElementById(inputId)?.focus(), 0);
    return () => clearTimeout(later);
    // Once, when the field appears, as the attribute does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const helperId = helperText ? `${inputId}-helper` : undefined;
  // The same callback while the refs are: a new one each render would detach and attach the
  // field on every keystroke.
  const setField = useCallback<RefCallback<FieldElement>>(
    (element) => {
      setRef(inputRef, element);
      setRef(ref, element);
    },
    [inputRef, ref],
  );
  const field = {
    ...fieldProps,
    id: inputId,
    ref: setField,
    className: [styles.input, className].filter(Boolean).join(' '),
    'aria-invalid': error || undefined,
    'aria-describedby': helperId,
  };
  const boxState = fieldProps.disabled
    ? styles.disabled
    : fieldProps.readOnly
      ? styles.readOnly
      : undefined;
  return (
    <div className={[styles.control, error && styles.error].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
        {fieldProps.required && <span aria-hidden="true"> *</span>}
      </label>
      <div className={[styles.box, boxState].filter(Boolean).join(' ')}>
        {multiline ? (
          <textarea rows={minRows} {...(field as TextareaHTMLAttributes<HTMLTextAreaElement>)} />
        ) : (
          <input {...field} />
        )}
        {endAdornment}
      </div>
      {helperText && (
        <p id={helperId} className={styles.helper}>
          {helperText}
        </p>
      )}
    </div>
  );
}
