import { defineConfig } from 'vitest/config';

// The bench's own tests, as `npm test -w bench` runs them; the root's `npm test` runs them too
// (../vitest.config.ts). graphql is resolved as the root's configuration says, for the same reason.
export default defineConfig({
  ssr: { resolve: { conditions: ['node', 'module-sync'] } },
  test: {
    reporters: ['default', '../test/support/skip-summary.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    include: ['test/**/*.test.ts'],
  },
});
