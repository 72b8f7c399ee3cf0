// The dependency rules of src/, checked by `npm test` (test/architecture.test.ts) and by hand with
// `npx depcruise src`. TypeScript 7 offers no compiler API to read imports with, so swc parses them.
//
// The rooms (docs/architecture.md): a folder per capability, each with its domain (plain
// TypeScript), its SQL (store/), its GraphQL types (graphql/), its HTTP routes (rest/) and its
// composition (compose.ts); platform/ for what every capability uses; graphql/ and http/ for the
// two faces' transport; service/ for the composition of the whole.

/** The capabilities, one folder each. */
const CAPABILITIES = ['orders', 'lifecycle', 'operators', 'payments', 'live-updates', 'webhooks', 'gateway'];
const CAPABILITY = `(${CAPABILITIES.join('|')})`;

/**
 * What a capability shows the other rooms: its domain (types, rules, ports), its GraphQL types and
 * HTTP routes (the faces put them together), its composition and its settings. The rest (its SQL,
 * its providers, its engines) is its own business.
 */
const PUBLIC = '(domain/|graphql/|rest/|compose\\.ts$|settings\\.ts$)';

/**
 * Parts of a capability others read too, each for a reason. The order's row and its history are
 * the order's own record: the life, live updates and payments read them and append to them inside
 * their own transactions, so their SQL is one. The order as the faces show it is one view. Live
 * orders is what a subscription of either face reads.
 */
const PUBLISHED = [
  '^src/orders/store/order-rows\\.ts$',
  '^src/orders/store/order-changes\\.ts$',
  '^src/orders/order-view\\.ts$',
  '^src/live-updates/live-orders\\.ts$',
];

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
      name: 'domain-imports-no-framework',
      severity: 'error',
      comment:
        "A capability's domain is plain TypeScript: it imports domains, platform's plain pieces and a few plain " +
        'libraries, never a framework, an adapter, Node or the configuration; what it needs from outside it names as a port.',
      from: { path: `^src/${CAPABILITY}/domain/` },
      to: {
        pathNot: [
          `^src/${CAPABILITY}/domain/`,
          '^src/platform/(errors|deadline|text|caller)\\.ts$',
          '^node_modules/(zod|libphonenumber-js|ipaddr\\.js)/',
        ],
      },
    },
    {
      name: 'platform-serves-all',
      severity: 'error',
      comment: 'platform/ is what every room uses: it imports no capability, no face and not the composition.',
      from: { path: '^src/platform/' },
      to: { path: '^src/', pathNot: '^src/platform/' },
    },
    {
      name: 'capability-internals-stay-inside',
      severity: 'error',
      comment:
        "Nothing imports a capability's internals (its SQL, providers, engines) but its own folder and the " +
        "service's composition; other rooms use what it shows (its domain, GraphQL types, routes, composition).",
      from: { path: '^src/([^/]+)/', pathNot: '^src/service/' },
      to: {
        path: `^src/${CAPABILITY}/`,
        pathNot: ['^src/$1/', `^src/${CAPABILITY}/${PUBLIC}`, ...PUBLISHED],
      },
    },
    {
      name: 'transport-below-capabilities',
      severity: 'error',
      comment:
        "The faces' transport (graphql/, http/) is what the capabilities' GraphQL types and routes stand on: it imports " +
        'none of them. The composition puts the schema together and mounts the routes; capabilities name their ' +
        "resolvers' services by adding to graphql/builder.ts's Services.",
      from: { path: '^src/(graphql|http)/' },
      to: { path: [`^src/${CAPABILITY}/`, '^src/reference/'] },
    },
    {
      name: 'faces-below-the-composition',
      severity: 'error',
      comment: 'The composition puts the rooms together; no room but main.ts reaches back up into it.',
      from: { path: '^src/', pathNot: ['^src/service/', '^src/main\\.ts$'] },
      to: { path: '^src/service/' },
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
