import { defineProject } from 'vitest/config';
import { defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Screens render in jsdom, which takes seconds for a whole page on a loaded 2-core machine; waits inside
    // tests are for events, so a generous ceiling only matters when something hangs.
    testTimeout: 30_000,
  },
});
