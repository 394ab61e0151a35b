/** TanStack Query keys, in one place so invalidation (e.g. from real-time events) can find them. */
export const queryKeys = {
  appConfig: ['config'] as const,
  userStats: ['auth', 'stats'] as const,
};
