import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { realtimeEventSchema, type RealtimeEventType } from '@vault/contract';
import { STALE_AFTER } from '../api/invalidation';
import { queryKeys } from '../api/keys';
import { toast } from 'sonner';
import { i18n } from '../i18n';

/** What an event makes stale; admins' system-wide figures move with every file event. */
export function keysToInvalidate(type: RealtimeEventType, isAdmin: boolean): QueryKey[] {
  const keys: QueryKey[] = [...STALE_AFTER[type]];
  if (isAdmin && type.startsWith('file_')) keys.push(queryKeys.admin);
  return keys;
}

/** Refreshes what a server message makes stale and returns its type; anything else is only logged. */
export function applyRealtimeMessage(queryClient: QueryClient, message: unknown, isAdmin: boolean): RealtimeEventType | undefined {
  const parsed = realtimeEventSchema.safeParse(message);
  if (!parsed.success) {
    console.info('Real-time message ignored', message);
    return undefined;
  }
  for (const queryKey of keysToInvalidate(parsed.data.type, isAdmin)) void queryClient.invalidateQueries({ queryKey });
  announce(parsed.data.type);
  return parsed.data.type;
}

/** News about the user's own links, which only they receive, as a toast. */
const ANNOUNCED = {
  link_downloaded: 'links:toast.linkDownloaded',
  request_uploaded: 'links:toast.requestArrived',
} as const;

function announce(type: RealtimeEventType): void {
  if (type in ANNOUNCED) toast.info(i18n.t(ANNOUNCED[type as keyof typeof ANNOUNCED]));
}
