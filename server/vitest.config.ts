import { defineProject } from 'vitest/config';

export default defineProject({
  // Workspace packages resolve to their TypeScript sources in tests, and in the
  // global setup, which vitest runs in an environment of its own (__vitest__).
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  environments: { __vitest__: { resolve: { conditions: ['source'] } } },
  test: {
    name: 'server',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Migrates the database every test installation is copied from (helpers/templates.ts).
    globalSetup: ['test/global-setup.ts'],
    environment: 'node',
    // A worker runs its files one after another in the same module graph instead of loading the
    // whole server anew for each: every test builds its own server and context, no module keeps
    // state beyond work in flight, and spies go on objects, never on modules.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
