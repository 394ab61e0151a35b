import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['contract', 'server', 'web', 'bench'],
    // Files run side by side. Vitest's default on two cores is one at a time, which leaves
    // them idle most of the run: a server test mostly waits on fsyncs, PostgreSQL and timers.
    maxWorkers: 3,
  },
});
