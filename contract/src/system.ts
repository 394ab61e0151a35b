import { z } from 'zod';

/** GET /api/health: the process runs. */
export const healthResponseSchema = z.object({ status: z.literal('ok') });

/** GET /api/ready: whether the database and the object store answer. */
export const readyResponseSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['ok', 'unavailable']),
  storage: z.enum(['ok', 'unavailable']),
});
export type ReadyResponse = z.infer<typeof readyResponseSchema>;
