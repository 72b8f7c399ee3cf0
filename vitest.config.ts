import { defineConfig } from 'vitest/config';

export default defineConfig({
  // graphql must load once: Vite would otherwise resolve its ESM build for our code while
  // yoga and Pothos get the CJS build from Node, and `instanceof GraphQLError` stops working.
  resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
  test: {
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'all', include: ['test/**/*.test.ts'] } },
      // The API tests once more, through the production listener (node:http) rather than fetch.
      { extends: true, test: { name: 'api via listener', include: ['test/api/**/*.test.ts'], env: { TEST_VIA: 'listener' } } },
    ],
  },
});
