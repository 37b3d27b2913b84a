// The calls the home card's menu makes ("Mute this moment"): the menu is in /home's first code,
// so this module brings no zod (the server checks the body with journalMuteSchema).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushSettings, journalMuteSchema } from '@moments/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { PUSH_API, journalMutePath } from '../../../lib/push-calls';

export const pushSettingsQueryKey = ['push-settings'] as const;

/** GET /api/push/settings: quiet hours and the muted moments. */
export function usePushSettings() {
  return useQuery({
    queryKey: pushSettingsQueryKey,
    queryFn: () => api.get<PushSettings>(PUSH_API.settings),
  });
}

export interface MuteCallbacks {
  onSuccess?: (answer: { journalId: string; muted: boolean }) => void;
  onError?: () => void;
}

/**
 * PUT /api/journals/:id/mute: "Mute this moment" / "Unmute this moment". The callbacks are the
 * hook's, not mutate()'s: the menu item that starts it is gone (menu closed) before the answer.
 */
export function useMuteMoment(callbacks: MuteCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ journalId, muted }: { journalId: string; muted: boolean }) => {
      const body: z.input<typeof journalMuteSchema> = { muted };
      const answer = await api.put<{ muted: boolean }>(journalMutePath(journalId), body);
      return { journalId, muted: answer.muted };
    },
    onSuccess: (answer) => {
      const { journalId, muted } = answer;
      queryClient.setQueryData<PushSettings>(pushSettingsQueryKey, (settings) => {
        if (!settings) return settings;
        const others = settings.mutedJournalIds.filter((id) => id !== journalId);
        return { ...settings, mutedJournalIds: muted ? [...others, journalId] : others };
      });
      callbacks.onSuccess?.(answer);
    },
    onError: () => callbacks.onError?.(),
  });
}
