import { defineConfig } from 'vitest/config';

export default defineConfig({
  // graphql must load once. Its package maps each module to a development build first (the
  // `development` condition, which Vite adds by default outside production) and to its ES module
  // for Node (`module-sync`); yoga and Pothos are loaded by Node itself, so our code must resolve
  // graphql as Node does, or `instanceof GraphQLError` stops holding between the two.
  ssr: { resolve: { conditions: ['node', 'module-sync'] } },
  test: {
    // After vitest's own summary, a line for each reason tests were skipped, and how many.
    reporters: ['default', './test/support/skip-summary.ts'],
    globalSetup: ['./test/support/made-files.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      // One run of everything. The API tests go through the app's fetch handler; TEST_VIA=listener
      // sends them through the production listener (node:http) instead, as CI does on one store.
      { extends: true, test: { name: 'all', include: ['test/**/*.test.ts', 'bench/test/**/*.test.ts'] } },
    ],
  },
});
