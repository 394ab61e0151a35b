import { useCallback, useState } from 'react';
import type { ShareState } from '@vault/contract';
import { unknownUsernames, useRecipientChecks, useUpdateShare, type Shareable } from '../../api/sharing';

/**
 * The share dialog's unsaved choice: the loaded state until the owner changes
 * something. It lives at the dialog, not in its form, because the dialog's
 * footer saves it: the Update Sharing button there needs to know whether a
 * save is pending or a listed name is unknown.
 */
export function useShareDraft(target: Shareable, loaded: ShareState | undefined, onDone: () => void) {
  const [edited, setEdited] = useState<ShareState | null>(null);
  const draft = edited ?? loaded;
  const isPublic = draft?.is_public ?? false;
  const users = draft?.shared_users ?? [];
  const change = useCallback(
    (next: (current: ShareState) => ShareState) =>
      setEdited((current) => {
        const base = current ?? loaded;
        return base ? next(base) : current;
      }),
    [loaded],
  );
  const setUsers = useCallback((next: (users: string[]) => string[]) => change((s) => ({ ...s, shared_users: next(s.shared_users) })), [change]);
  const mutation = useUpdateShare(target, onDone);
  // A known name takes its owner's spelling.
  const respell = useCallback((name: string, spelling: string) => setUsers((current) => current.map((u) => (u === name ? spelling : u))), [setUsers]);
  const recipients = useRecipientChecks(respell);
  const refused = unknownUsernames(mutation.error);
  const unknown = new Set(users.map((u) => u.toLowerCase()).filter((u) => refused.includes(u) || recipients.statusOf(u) === 'unknown'));
  const checking = new Set(users.map((u) => u.toLowerCase()).filter((u) => recipients.statusOf(u) === 'checking'));
  // Named users go only with a private item; a public one keeps the list in the draft, to come back to.
  const named = isPublic ? [] : users;
  return {
    isPublic,
    users,
    unknown,
    checking,
    setPublic: (value: boolean) => change((s) => ({ ...s, is_public: value })),
    add: (name: string) => {
      setUsers((current) => [...current, name]);
      recipients.check(name);
    },
    remove: (name: string) => setUsers((current) => current.filter((u) => u !== name)),
    // A refusal that named users is answered at those names: it goes with them.
    failure: refused.length === 0 ? mutation.error : null,
    pending: mutation.isPending,
    blocked: named.some((u) => unknown.has(u.toLowerCase()) || checking.has(u.toLowerCase())),
    save: () => mutation.mutate({ is_public: isPublic, shared_users: named }),
  };
}

export type ShareDraft = ReturnType<typeof useShareDraft>;
