import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { checkProfileImage, initials } from '@moments/shared';
import { toast } from '../../../components/ui/toast';

interface PhotoPickerProps {
  /** The chosen, not yet uploaded picture. */
  file: File | null;
  onChange: (file: File | null) => void;
  /** The picture saved earlier, shown until another is chosen. */
  currentUrl?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  disabled?: boolean;
  /** Text of the choose button. */
  chooseLabel?: string;
}

/**
 * A preview URL of the chosen file. It is made when a file is chosen (not during render) and
 * released when another is chosen or the picker goes away.
 */
function usePreview(file: File | null) {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  const latest = useRef(preview);
  useEffect(() => {
    latest.current = preview;
  }, [preview]);
  useEffect(
    () => () => {
      if (latest.current) URL.revokeObjectURL(latest.current.url);
    },
    [],
  );
  const show = (chosen: File) => {
    if (latest.current) URL.revokeObjectURL(latest.current.url);
    setPreview({ file: chosen, url: URL.createObjectURL(chosen) });
  };
  // Only while the parent still holds that file (it may clear it, e.g. once saved).
  return { url: preview && preview.file === file ? preview.url : null, show };
}

/**
 * The optional profile photo: a round preview and a button that opens the camera roll. A file
 * that is not an image, or is 5 MB or more, is refused with the spec's toast.
 */
export function PhotoPicker({
  file,
  onChange,
  currentUrl,
  firstName,
  lastName,
  disabled = false,
  chooseLabel,
}: PhotoPickerProps) {
  const preview = usePreview(file);
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const shown = preview.url ?? currentUrl ?? undefined;
  const label = chooseLabel ?? (shown ? 'Change photo' : 'Add photo');

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // Cleared so that choosing the same file again still reports a change.
    event.target.value = '';
    if (!chosen) return;
    const problem = checkProfileImage(chosen);
    if (problem) {
      toast(problem);
      return;
    }
    preview.show(chosen);
    onChange(chosen);
  };

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Avatar
        src={shown}
        alt=""
        sx={{ width: 80, height: 80, fontSize: '1.75rem', bgcolor: 'secondary.main' }}
      >
        {initials(firstName, lastName) || undefined}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {/* A real button opens the picker, so it is reachable and visibly focused by keyboard. */}
          <Button
            variant="outlined"
            disabled={disabled}
            aria-describedby={hintId}
            onClick={() => input.current?.click()}
          >
            {label}
          </Button>
          <input
            ref={input}
            type="file"
            accept="image/*"
            hidden
            tabIndex={-1}
            aria-hidden="true"
            onChange={choose}
          />
          {file && (
            <Button variant="text" disabled={disabled} onClick={() => onChange(null)}>
              Remove
            </Button>
          )}
        </Stack>
        <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Optional. An image under 5MB.
        </Typography>
      </Box>
    </Stack>
  );
}
