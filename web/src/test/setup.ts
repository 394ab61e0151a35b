import '../lib/i18n-formats';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { toast } from 'sonner';
import { FakeWebSocket } from './fake-websocket';

/** jsdom has no ResizeObserver; tooltips and charts observe their size, and a size that never changes is all a test needs. */
class StillResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  vi.stubGlobal('ResizeObserver', StillResizeObserver);
});

// jsdom has no pointer capture; a toast takes the pointer when pressed (a swipe may dismiss it).
Element.prototype.setPointerCapture ??= () => undefined;
Element.prototype.releasePointerCapture ??= () => undefined;

// Pages are lazily imported: the first render of one waits for its module to compile, which took over
// 5 s on a 2-core machine running three test workers and a type check. Every wait is for an event, so
// the ceiling only matters when something hangs.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  // Sonner keeps toasts in a module-wide store and replays active ones to the next
  // Toaster mounted: without this, one test's toast appears in the next.
  toast.dismiss();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
