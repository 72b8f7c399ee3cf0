// Run first by `npm start`, `npm test` and `npm run dev`: on a Node older than package.json's
// engines floor it stops the command in one line, saying how to run the same on Node 24, rather
// than letting it fail later on an API that Node lacks. Plain JavaScript with no dependencies,
// since the old Nodes it is for must run it. (`npm install` is stopped by .npmrc's engine-strict,
// before npm touches node_modules: npm runs no script of the package that early.)
import { readFileSync } from 'node:fs';

// The Node the npx form fetches: the LTS the service is built and measured on.
const SUGGESTED = 24;

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const wanted = pkg.engines && pkg.engines.node;
const floor = /^>=\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(String(wanted).trim());
if (!floor) {
  console.error('package.json engines.node is ' + JSON.stringify(wanted) + ': scripts/check-node.mjs reads only a floor such as ">=22.19"');
  process.exit(1);
}

const have = process.versions.node.split('.').map(Number);
let older = false;
for (let i = 0; i < 3; i++) {
  const want = Number(floor[i + 1] || 0);
  if (have[i] !== want) {
    older = have[i] < want;
    break;
  }
}

if (older) {
  console.error(
    'This service needs Node ' + wanted.replace(/^>=\s*v?/, '') + ' or later and this is Node ' + process.version +
      '; run the same command on Node ' + SUGGESTED + ' with: npx -y -p node@' + SUGGESTED + ' -- ' + command(),
  );
  process.exit(1);
}

/** The npm command that ran this check, as its user typed it (a `pre` script stands for its command). */
function command() {
  const event = process.env.npm_lifecycle_event;
  if (!event) return 'node scripts/check-node.mjs';
  const scripts = pkg.scripts || {};
  const name = event.startsWith('pre') && scripts[event.slice(3)] ? event.slice(3) : event;
  return ['start', 'test', 'stop', 'restart'].includes(name) ? 'npm ' + name : 'npm run ' + name;
}
