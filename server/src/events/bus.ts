import type { RealtimeEvent } from '@vault/contract';

/** Who may receive an event. Admins always do, unless it is for the named users only. */
export interface Audience {
  userIds: number[];
  /** A change to public content: everyone connected may see it. */
  public: boolean;
  /** News for the named users alone (an owner's own links), not for admins too. */
  onlyNamed?: boolean;
}

export interface BusMessage {
  event: RealtimeEvent;
  audience: Audience;
}

export type BusHandler = (message: BusMessage) => void;

/**
 * What a user may receive has changed: their admin flag now; a disabled
 * account, a new password or an ended session are the same message. Every
 * instance re-authenticates that user's sockets, closing those whose session
 * no longer holds and re-reading the role of the rest.
 */
export interface AccessChange {
  userId: number;
}

export type AccessHandler = (change: AccessChange) => void;

/**
 * Both kinds of message reach every instance's subscribers in the order they
 * were published, so an event published after an access change is never
 * judged by the access from before it.
 */
export interface EventBus {
  /** Call after the change has committed. Delivery is best effort. */
  publish(message: BusMessage): Promise<void>;
  subscribe(handler: BusHandler): () => void;
  /** Call after the change has committed. Best effort too: sockets are re-checked at every heartbeat as well. */
  publishAccessChange(change: AccessChange): Promise<void>;
  subscribeAccessChanges(handler: AccessHandler): () => void;
  close(): Promise<void>;
}

/** The subscribers of one kind of message. */
export interface Topic<T> {
  emit(message: T): void;
  subscribe(handler: (message: T) => void): () => void;
  clear(): void;
}

export function createTopic<T>(): Topic<T> {
  const handlers = new Set<(message: T) => void>();
  return {
    emit(message) {
      for (const handler of handlers) handler(message);
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    clear: () => handlers.clear(),
  };
}
