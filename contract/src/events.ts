import { z } from 'zod';

export const REALTIME_EVENT_TYPES = [
  'file_uploaded',
  'file_deleted',
  'file_downloaded',
  'file_updated',
  'folder_created',
  'folder_updated',
  'folder_deleted',
] as const;
export const realtimeEventTypeSchema = z.enum(REALTIME_EVENT_TYPES);
export type RealtimeEventType = z.infer<typeof realtimeEventTypeSchema>;

/** What /ws sends: ids and counts only, never names. */
export const realtimeEventSchema = z.object({
  type: realtimeEventTypeSchema,
  file_id: z.number().int().optional(),
  folder_id: z.number().int().optional(),
  download_count: z.number().int().optional(),
  at: z.string(),
});
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;

/** Client -> server: the alternative to ?token= for authenticating a socket. */
export const wsAuthMessageSchema = z.object({ type: z.literal('auth'), token: z.string() });

/** Close code for unauthenticated, forged or expired sockets (RFC 6455 policy violation). */
export const WS_POLICY_VIOLATION = 1008;
