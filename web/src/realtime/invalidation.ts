import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { realtimeEventSchema, type RealtimeEventType } from '@vault/contract';
import { STALE_AFTER } from '../api/invalidation';
import { queryKeys } from '../api/keys';
import { toast } from 'sonner';

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
  announce(parsed.data.type);
}

/** News about the user's own links, which only they receive, as a toast. */
const ANNOUNCED: Partial<Record<RealtimeEventType, string>> = {
  link_downloaded: 'Someone started a download through one of your share links',
  request_uploaded: 'A file arrived through one of your file requests',
};

function announce(type: RealtimeEventType): void {
  const text = ANNOUNCED[type];
  if (text) toast.info(text);
}
