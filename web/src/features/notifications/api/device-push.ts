import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  currentSubscription,
  disablePush,
  enablePush,
  notificationPermission,
  pushAvailability,
} from '../../../lib/push-device';

export const devicePushQueryKey = ['push-device'] as const;

/** Whether this device has notifications on: permission granted and a subscription held. */
export function useDevicePush() {
  const availability = pushAvailability();
  const state = useQuery({
    queryKey: devicePushQueryKey,
    queryFn: async () => {
      const permission = notificationPermission();
      const subscribed = permission === 'granted' && (await currentSubscription()) !== null;
      return { permission, subscribed };
    },
    enabled: availability === 'available',
    staleTime: 0,
  });
  return { availability, ...state };
}

/** Turns this device's notifications on (from a press: it may ask for permission) or off. */
export function useSetDevicePush() {
  const queryClient = useQueryClient();
  return useMutation({
    /** Answers the permission when turning on (the person may refuse it), null when off. */
    mutationFn: async (on: boolean): Promise<NotificationPermission | null> => {
      if (on) return enablePush();
      await disablePush();
      return null;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicePushQueryKey }),
  });
}
