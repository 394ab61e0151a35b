import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { LINK_LIMITS, linkGrantSchema, type LinkGrant, type LinkRefusal } from '@vault/contract';
import { ApiError, apiRequest } from './client';

export type LinkKind = 's' | 'r';

/** Why a link shows its visitor no item, from the server's answer; undefined for any other failure. */
export function refusalOf(error: unknown): LinkRefusal | undefined {
  return error instanceof ApiError ? error.details.link_refusal : undefined;
}

/** What a visitor's call carries instead of an account token: the link's grant, when it has one. */
export const visitorHeaders = (grant: string | undefined): Record<string, string> => (grant ? { 'X-Link-Grant': grant } : {});

/** A visitor's JSON call: never the signed-in user's token, the link's grant instead. */
export async function visitorRequest<T>(path: string, schema: Parameters<typeof apiRequest<T>>[1], grant: string | undefined, init: { method?: 'POST'; body?: unknown } = {}): Promise<T> {
  return apiRequest(path, schema, { ...init, token: null, headers: visitorHeaders(grant) });
}

/**
 * The grant a password earned, kept for this tab only (a closed tab asks
 * again), with when this tab received it: its lifetime is counted on this
 * device's clock from then, so a clock that differs from the server's neither
 * renews too late nor over and over.
 */
const heldGrantSchema = z.object({ grant: z.string(), received_at: z.number() });
type HeldGrant = z.infer<typeof heldGrantSchema>;

const grantKey = (kind: LinkKind, token: string) => `vault-link-grant:${kind}:${token}`;

function storedGrant(kind: LinkKind, token: string): HeldGrant | undefined {
  try {
    const parsed = heldGrantSchema.safeParse(JSON.parse(sessionStorage.getItem(grantKey(kind, token)) ?? 'null'));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const GRANT_MS = LINK_LIMITS.grantTtlSeconds * 1000;
/** A grant is renewed when a third of its lifetime is left. */
const RENEW_AFTER_MS = (GRANT_MS * 2) / 3;
/** A renewal that failed for any other reason than the link's refusal (no network, a busy server) is tried again this much later, while the grant holds. */
const RENEW_RETRY_MS = 60_000;

export interface LinkAccess {
  /** The freshest grant (undefined: none), for the addresses shown now. */
  grant: string | undefined;
  /** The same when a call is made (an upload's next part, a player's next range). */
  latest(): string | undefined;
  /** How often the password was entered on this page: its data is keyed by it, so a renewal reloads nothing. */
  unlocks: number;
  unlocked(grant: LinkGrant): void;
}

/**
 * A link page's grant: read from this tab's storage, kept there, and renewed
 * while the page is open, a third of its lifetime before it runs out, so that
 * a long upload or a film goes on past it. A renewal the server refuses (the
 * link changed, or it is too long since the password) leaves the grant to run
 * out: the page then asks for the password again.
 */
export function useLinkAccess(kind: LinkKind, token: string): LinkAccess {
  const [held, setHeld] = useState(() => storedGrant(kind, token));
  const [unlocks, setUnlocks] = useState(0);
  const latest = useRef(held);
  const hold = useCallback(
    ({ grant }: LinkGrant) => {
      const received: HeldGrant = { grant, received_at: Date.now() };
      sessionStorage.setItem(grantKey(kind, token), JSON.stringify(received));
      latest.current = received;
      setHeld(received);
    },
    [kind, token],
  );

  useEffect(() => {
    if (!held) return;
    let timer: ReturnType<typeof setTimeout>;
    let gone = false;
    const renew = () =>
      visitorRequest(`/api/${kind}/${token}/grant`, linkGrantSchema, held.grant, { method: 'POST' }).then(
        (grant) => !gone && hold(grant),
        (error: unknown) => {
          if (!gone && refusalOf(error) === undefined && held.received_at + GRANT_MS - Date.now() > RENEW_RETRY_MS) timer = setTimeout(renew, RENEW_RETRY_MS);
        },
      );
    timer = setTimeout(renew, Math.max(0, held.received_at + RENEW_AFTER_MS - Date.now()));
    return () => {
      gone = true;
      clearTimeout(timer);
    };
  }, [held, kind, token, hold]);

  return {
    grant: held?.grant,
    latest: () => latest.current?.grant,
    unlocks,
    unlocked: (grant) => {
      hold(grant);
      setUnlocks((n) => n + 1);
    },
  };
}

/** Enters a link's password. */
export function useUnlock(kind: LinkKind, token: string, onGrant: (grant: LinkGrant) => void) {
  return useMutation({
    mutationFn: (password: string) => visitorRequest(`/api/${kind}/${token}/unlock`, linkGrantSchema, undefined, { method: 'POST', body: { password } }),
    onSuccess: onGrant,
  });
}
