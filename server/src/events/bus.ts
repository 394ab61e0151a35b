import type { RealtimeEvent } from '@vault/contract';

/** Who may receive an event. Admins always do. */
export interface Audience {
  userIds: number[];
  /** A change to public content: everyone connected may see it. */
  public: boolean;
}

export interface BusMessage {
  event: RealtimeEvent;
  audience: Audience;
}

export type BusHandler = (message: BusMessage) => void;

export interface EventBus {
  /** Call after the change has committed. Delivery is best effort. */
  publish(message: BusMessage): Promise<void>;
  subscribe(handler: BusHandler): () => void;
  close(): Promise<void>;
}
