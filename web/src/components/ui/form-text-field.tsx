import { useEffect, type ReactNode } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { TextInput, type TextInputProps } from './text-input';

export type FormTextFieldProps<T extends FieldValues, TOut = T> = Omit<
  TextInputProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef'
> & {
  /** TOut: what the form's resolver turns the values into, if it transforms them. */
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  /** Shown under the field while it has no error message. */
  helperText?: ReactNode;
  /**
   * Rewrites what is typed before it is stored (e.g. phone formatting). A format that arrives
   * later (its code loads after the form shows) also rewrites what is already there.
   */
  format?: (typed: string) => string;
};

/** A TextInput bound to a react-hook-form field: its value, and its error message below it. */
export function FormTextField<T extends FieldValues, TOut = T>({
  control,
  name,
  helperText,
  format,
  ...input
}: FormTextFieldProps<T, TOut>) {
  const {
    field: { ref, value, onChange, ...field },
    fieldState,
  } = useController({ name, control });
  useEffect(() => {
    if (!format || typeof value !== 'string' || value === '') return;
    const formatted = format(value);
    if (formatted !== value) onChange(formatted);
    // Only when the format arrives: typing is formatted by onChange below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [format]);
  return (
    <TextInput
      {...field}
      {...input}
      value={value ?? ''}
      inputRef={ref}
      onChange={(event) => onChange(format ? format(event.target.value) : event.target.value)}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}
