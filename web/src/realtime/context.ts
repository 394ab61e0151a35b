import { createContext, useContext } from 'react';

export interface RealtimeStatus {
  /** The socket is open and the server accepted the session. */
  isConnected: boolean;
}

export const RealtimeContext = createContext<RealtimeStatus>({ isConnected: false });

export function useRealtime(): RealtimeStatus {
  return useContext(RealtimeContext);
}
