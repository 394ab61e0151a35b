import { defineProject } from 'vitest/config';

// The bench's pure logic (percentiles, the load's mix and event accounting, profile
// aggregation); the measurements themselves run with npm run bench, never here.
export default defineProject({
  resolve: { conditions: ['source'] },
  test: { name: 'bench', include: ['lib/**/*.test.ts'], environment: 'node' },
});
