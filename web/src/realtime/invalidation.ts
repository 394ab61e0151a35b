import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { realtimeEventSchema, type RealtimeEventType } from '@vault/contract';
import { STALE_AFTER } from '../api/invalidation';
import { queryKeys } from '../api/keys';

/** What an event makes stale; admins' system-wide figures move with every file event. */
export function keysToInvalidate(type: RealtimeEventType, isAdmin: boolean): QueryKey[] {
  const keys: QueryKey[] = [...STALE_AFTER[type]];
  if (isAdmin && type.startsWith('file_')) keys.push(queryKeys.admin);
  return keys;
}

/** Refreshes what a server message makes stale; anything else is only logged. */
export function applyRealtimeMessage(queryClient: QueryClient, message: unknown, isAdmin: boolean): void {
  const parsed = realtimeEventSchema.safeParse(message);
  if (!parsed.success) {
    console.info('Real-time message ignored', message);
    return;
  }
  for (const queryKey of keysToInvalidate(parsed.data.type, isAdmin)) void queryClient.invalidateQueries({ queryKey });
}
