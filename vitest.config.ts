import { defineConfig } from 'vitest/config';

export default defineConfig({
  // graphql must load once: Vite would otherwise resolve its ESM build for our code while
  // yoga and Pothos get the CJS build from Node, and `instanceof GraphQLError` stops working.
  resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
