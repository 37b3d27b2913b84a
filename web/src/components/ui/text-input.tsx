import { useEffect, useId, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';

export interface TextInputProps extends Omit<OutlinedInputProps, 'label' | 'error'> {
  label: string;
  helperText?: ReactNode;
  error?: boolean;
}

/**
 * A labelled outlined input. Built from MUI's parts rather than TextField, which bundles
 * Select (and with it Menu, Popover and Modal) into every screen that has a text field.
 */
export function TextInput({
  id,
  label,
  helperText,
  error = false,
  required,
  fullWidth = true,
  autoFocus = false,
  ...inputProps
}: TextInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  // `autoFocus`, in a task after the one that draws the field: focusing re-renders it (its
  // focused look) at once, and on a screen's first render that doubled the task's length.
  useEffect(() => {
    if (!autoFocus) return;
    const later = setTimeout(() => document.getElementById(inputId)?.focus(), 0);
    return () => clearTimeout(later);
    // Once, when the field appears, as the attribute does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const helperId = helperText ? `${inputId}-helper` : undefined;
  return (
    <FormControl fullWidth={fullWidth} error={error} required={required} variant="outlined">
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        id={inputId}
        // Sizes the outline's notch to the label (MUI adds " *" to a required label).
        label={required ? `${label} *` : label}
        aria-describedby={helperId}
        {...inputProps}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
