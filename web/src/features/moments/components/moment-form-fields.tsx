import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { createJournalSchema } from '@moments/shared';
import { z } from 'zod';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { TextInput } from '../../../components/ui/text-input';

const momentFormSchema = createJournalSchema.pick({ title: true }).extend({
  content: z.string().max(createJournalSchema.shape.content.unwrap().maxLength ?? Infinity),
});

export type MomentFormValues = z.input<typeof momentFormSchema>;
export type MomentFormOutput = z.output<typeof momentFormSchema>;

export function useMomentForm(defaults: MomentFormValues = { title: '', content: '' }) {
  return useForm<MomentFormValues, unknown, MomentFormOutput>({
    resolver: zodResolver(momentFormSchema),
    defaultValues: defaults,
  });
}

/** Title (required) and content (optional, multiline). */
export function MomentFormFields({
  form,
  disabled,
}: {
  form: UseFormReturn<MomentFormValues, unknown, MomentFormOutput>;
  disabled?: boolean;
}) {
  const { register, formState } = form;
  return (
    <Stack spacing={2}>
      <TextInput
        label="Title"
        required
        disabled={disabled}
        error={Boolean(formState.errors.title)}
        helperText={formState.errors.title?.message}
        {...register('title')}
      />
      <TextInput
        label="Content"
        multiline
        minRows={3}
        disabled={disabled}
        error={Boolean(formState.errors.content)}
        helperText={formState.errors.content?.message}
        {...register('content')}
      />
    </Stack>
  );
}
