import { useState } from 'react';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, type LoginInput } from '@moments/shared';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/ui/form-text-field';
import { SubmitForm } from '../../../components/ui/submit-form';

interface AdminLoginFormProps {
  onSubmit: (input: LoginInput) => void;
  pending: boolean;
  error?: string;
}

/** Username and password. */
export function AdminLoginForm({ onSubmit, pending, error }: AdminLoginFormProps) {
  const [showPassword, setShowPassword] = useState(false);
  const { control, handleSubmit } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });

  return (
    <SubmitForm
      onSubmit={handleSubmit(onSubmit)}
      submitLabel="Sign In"
      pending={pending}
      error={error}
    >
      <FormTextField
        control={control}
        name="username"
        id="admin-username"
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        autoFocus
      />
      <FormTextField
        control={control}
        name="password"
        id="admin-password"
        label="Password"
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        required
        endAdornment={
          <InputAdornment position="end">
            <Button
              variant="text"
              size="small"
              aria-pressed={showPassword}
              aria-controls="admin-password"
              onClick={() => setShowPassword((shown) => !shown)}
              sx={{ minWidth: 64 }}
            >
              {showPassword ? 'Hide' : 'Show'}
            </Button>
          </InputAdornment>
        }
      />
    </SubmitForm>
  );
}
