import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pushSettingsSchema, type PushSettings, type PushSettingsInput } from '@moments/shared';
import { api } from '../../../lib/api-client';
import { PUSH_API } from '../../../lib/push-calls';
import { pushSettingsQueryKey } from './mute-moment';

export { pushSettingsQueryKey, usePushSettings } from './mute-moment';

/** PUT /api/push/settings. */
export function useSavePushSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PushSettingsInput) =>
      api.put<PushSettings>(PUSH_API.settings, pushSettingsSchema.parse(input)),
    onSuccess: (settings) => queryClient.setQueryData(pushSettingsQueryKey, settings),
  });
}
