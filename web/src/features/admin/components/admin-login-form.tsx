import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, type LoginInput } from '@moments/shared';
import { Controller, useForm } from 'react-hook-form';
import { TextInput } from '../../../components/ui/text-input';

interface AdminLoginFormProps {
  onSubmit: (input: LoginInput) => void;
  pending: boolean;
  error?: string;
}

/** Username and password (SPEC section 5, "Login"). */
export function AdminLoginForm({ onSubmit, pending, error }: AdminLoginFormProps) {
  const [showPassword, setShowPassword] = useState(false);
  const { control, handleSubmit } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit(onSubmit)}>
      <Controller
        name="username"
        control={control}
        render={({ field: { ref, ...field }, fieldState }) => (
          <TextInput
            {...field}
            inputRef={ref}
            id="admin-username"
            label="Username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            autoFocus
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message}
          />
        )}
      />
      <Controller
        name="password"
        control={control}
        render={({ field: { ref, ...field }, fieldState }) => (
          <TextInput
            {...field}
            inputRef={ref}
            id="admin-password"
            label="Password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            required
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message}
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
        )}
      />
      {error && <Alert severity="error">{error}</Alert>}
      <Button type="submit" variant="contained" size="large" fullWidth loading={pending}>
        Sign In
      </Button>
    </Stack>
  );
}
