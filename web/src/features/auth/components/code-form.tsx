import { zodResolver } from '@hookform/resolvers/zod';
import {
  VERIFICATION_CODE_LENGTH,
  formatPhoneInput,
  verifySchema,
  type VerifyInput,
} from '@moments/shared';
import { useForm } from 'react-hook-form';
import button from '../../../components/ui/button.module.css';
import { FormTextField } from '../../../components/ui/form-text-field';
import { SubmitForm } from '../../../components/ui/submit-form';
import type { PendingCode } from '../api/request-code';
import styles from './auth-page.module.css';
import { PendingCodeNote } from './pending-code-note';

interface CodeFormProps {
  phoneNumber: string;
  onSubmit: (input: VerifyInput) => void;
  onUseDifferentNumber: () => void;
  pending: boolean;
  error?: string;
  /** Set when asking sent nothing because this code was still pending. */
  pendingCode?: PendingCode;
}

export function CodeForm({
  phoneNumber,
  onSubmit,
  onUseDifferentNumber,
  pending,
  error,
  pendingCode,
}: CodeFormProps) {
  const { control, handleSubmit } = useForm<VerifyInput>({
    resolver: zodResolver(verifySchema),
    defaultValues: { phoneNumber, code: '' },
  });

  return (
    <SubmitForm
      onSubmit={handleSubmit(onSubmit)}
      submitLabel="Verify"
      pending={pending}
      error={error}
      footer={
        <button
          type="button"
          className={`${button.text} ${button.fullWidth}`}
          onClick={onUseDifferentNumber}
        >
          Use Different Number
        </button>
      }
    >
      <p className={styles.instructions}>
        Enter the 6-digit code we sent to {formatPhoneInput(phoneNumber)}.
      </p>
      {pendingCode && <PendingCodeNote code={pendingCode} />}
      <FormTextField
        control={control}
        name="code"
        format={(typed) => typed.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH)}
        id="verification-code"
        label="Verification code"
        autoComplete="one-time-code"
        required
        autoFocus
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={VERIFICATION_CODE_LENGTH}
        className={styles.code}
      />
    </SubmitForm>
  );
}
