import { z } from 'zod';

export const REALTIME_EVENT_TYPES = [
  'file_uploaded',
  'file_deleted',
  'file_downloaded',
  'file_updated',
  'folder_created',
  'folder_updated',
  'folder_deleted',
  /** To the owner only: a download through one of their share links began. */
  'link_downloaded',
  /** To the owner only: a visitor's file arrived through one of their file requests. */
  'request_uploaded',
  /** To the owner only: their Trash changed (something deleted, restored, purged); refetch it. */
  'trash_changed',
  /** To the user alone: they starred or unstarred the file or folder named; refetch their stars. */
  'star_changed',
  /** To the user alone: their account changed elsewhere (role, password, two-factor sign-in, sessions); read it again. */
  'account_changed',
] as const;
export const realtimeEventTypeSchema = z.enum(REALTIME_EVENT_TYPES);
export type RealtimeEventType = z.infer<typeof realtimeEventTypeSchema>;

/** What /ws sends: ids and counts only, never names. */
export const realtimeEventSchema = z.object({
  type: realtimeEventTypeSchema,
  file_id: z.number().int().optional(),
  folder_id: z.number().int().optional(),
  download_count: z.number().int().optional(),
  /** The share link or file request an event is about. */
  link_id: z.number().int().optional(),
  at: z.string(),
});
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;

/** Server -> client once the socket is authenticated: events flow from here on. */
export const wsReadySchema = z.object({ type: z.literal('ready') });
export type WsReady = z.infer<typeof wsReadySchema>;
export const WS_READY: WsReady = { type: 'ready' };

/** A session token is a few hundred characters; anything far longer is not one. */
const wsTokenSchema = z.string().min(1).max(4096);

/** GET /ws?token=...: authenticates at once (a browser may send the first message instead). */
export const wsQuerySchema = z.object({ token: wsTokenSchema.optional() });

/** Everything /ws sends: "ready" once, then events. */
export const wsServerMessageSchema = z.union([wsReadySchema, realtimeEventSchema]);

/** Client -> server: the alternative to ?token= for authenticating a socket. */
export const wsAuthMessageSchema = z.object({ type: z.literal('auth'), token: wsTokenSchema });
export type WsAuthMessage = z.infer<typeof wsAuthMessageSchema>;

/** The only message a client sends, so a small frame limit is plenty. */
export const WS_MAX_MESSAGE_BYTES = 16 * 1024;

/** A socket that has not authenticated within this time is closed. */
export const WS_AUTH_TIMEOUT_MS = 5_000;

/** Close code for unauthenticated, forged or expired sockets (RFC 6455 policy violation). */
export const WS_POLICY_VIOLATION = 1008;
