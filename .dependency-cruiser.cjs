// The dependency rules of src/, checked by `npm test` (test/architecture.test.ts) and by hand with
// `npx depcruise src`. TypeScript 7 offers no compiler API to read imports with, so swc parses them.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module never needs itself, however far round: a cycle hides which of two pieces is built first.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'core-imports-no-framework',
      severity: 'error',
      comment:
        'The domain (src/core) is plain TypeScript: it imports itself and a few plain libraries, never a ' +
        'framework, an adapter, Node or the configuration; what it needs from outside it names as a port.',
      from: { path: '^src/core/' },
      to: { pathNot: ['^src/core/', '^node_modules/(zod|libphonenumber-js|ipaddr\\.js)/'] },
    },
    {
      name: 'src-stands-alone',
      severity: 'error',
      comment: 'The service runs without its tests, scripts and bench: nothing in src imports them.',
      from: { path: '^src/' },
      to: { path: '^(test|scripts|bench)/' },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment: 'An import the rules cannot follow is one they cannot judge.',
      from: { path: '^src/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    parser: 'swc',
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'node', 'default'] },
  },
};
