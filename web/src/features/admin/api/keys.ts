/** Every admin query lives under this key, so signing out or a lost session drops them all. */
export const adminQueryKey = ['admin'] as const;
