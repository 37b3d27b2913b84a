import { useRef, type ReactNode } from 'react';
import button from './button.module.css';

interface FilePickerButtonProps {
  variant: 'contained' | 'outlined' | 'text';
  size?: 'small' | 'medium';
  disabled?: boolean;
  children: ReactNode;
  /** The file input's accessible name (tests and assistive technology find it by it). */
  label: string;
  accept: string;
  multiple?: boolean;
  onFiles: (files: File[]) => void;
}

/**
 * A button that opens the file picker. A real button beside a hidden input: a <label> styled
 * as a button may not take the button role, and assistive technology announces it wrongly.
 */
export function FilePickerButton({
  children,
  label,
  accept,
  multiple = false,
  onFiles,
  variant,
  size = 'medium',
  disabled,
}: FilePickerButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className={size === 'small' ? `${button[variant]} ${button.small}` : button[variant]}
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        {children}
      </button>
      <input
        ref={input}
        type="file"
        accept={accept}
        multiple={multiple}
        hidden
        disabled={disabled}
        aria-label={label}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared so that choosing the same file again is a change too.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
