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
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'all', include: ['test/**/*.test.ts'] } },
      // The API tests once more, through the production listener (node:http) rather than fetch.
      { extends: true, test: { name: 'api via listener', include: ['test/api/**/*.test.ts'], env: { TEST_VIA: 'listener' } } },
    ],
  },
});
