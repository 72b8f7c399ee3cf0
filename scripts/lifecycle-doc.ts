// npm run lifecycle-doc: rewrites the generated part of docs/lifecycle.md (the transition table
// and its diagram) from src/lifecycle/domain/transitions.ts; a test fails when it is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ENDED, STEPS, type Step } from '../src/lifecycle/domain/steps.js';
import { TRANSITIONS, type Transition } from '../src/lifecycle/domain/transitions.js';

export const GUIDE = fileURLToPath(new URL('../docs/lifecycle.md', import.meta.url));
const BEGIN = '<!-- generated from src/lifecycle/domain/transitions.ts: npm run lifecycle-doc -->';
const END = '<!-- end of generated part -->';

const target = (t: Transition) => (t.to === 'paused_from' ? 'where it was paused' : `\`${t.to}\``);
const edgeService = (t: Transition) => (t.service === 'towing' ? ' (towing)' : t.service === 'on_site' ? ' (on site)' : '');
const service = (t: Transition) => (t.service === 'towing' ? ' (towing)' : t.service === 'on_site' ? ' (on-site services)' : '');

/** The table and the Mermaid diagram of every transition. */
export function renderLifecycle(): string {
  const rows = TRANSITIONS.map(
    (t) =>
      `| \`${t.name}\`${service(t)} | ${t.from.map((s) => `\`${s}\``).join(', ')} | ${target(t)} | ${t.by.join(', ')} | \`${t.change}\` | ${t.effects.map((e) => `\`${e}\``).join(', ') || '—'} |`,
  );
  const edges = new Set<string>();
  const edge = (t: Transition, from: Step, to: Step) => `  ${from} --> ${to}: ${t.name}${edgeService(t)} · ${t.by.join('/')}`;
  for (const t of TRANSITIONS) {
    if (t.to === 'paused_from') continue;
    for (const from of t.from) edges.add(edge(t, from, t.to));
  }
  // A return to where the order was paused goes to each step a transition into its from-step
  // leaves from; drawn after the others.
  for (const t of TRANSITIONS) {
    if (t.to !== 'paused_from') continue;
    for (const from of t.from) {
      for (const to of TRANSITIONS.filter((into) => into.to === from).flatMap((into) => into.from)) edges.add(edge(t, from, to));
    }
  }
  return [
    BEGIN,
    '',
    '| transition | from | to | by | event | effects |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    '```mermaid',
    'stateDiagram-v2',
    // An order is created by its owner at the path's first step (creation is not a transition).
    `  [*] --> ${STEPS[0]}: created · owner`,
    ...edges,
    ...ENDED.map((step) => `  ${step} --> [*]`),
    '```',
    '',
    END,
  ].join('\n');
}

/** The guide with its generated part as the table now gives it. */
export function guideWithTable(guide: string): string {
  const start = guide.indexOf(BEGIN);
  const end = guide.indexOf(END);
  if (start < 0 || end < 0) throw new Error(`docs/lifecycle.md lacks the markers of its generated part`);
  return guide.slice(0, start) + renderLifecycle() + guide.slice(end + END.length);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(GUIDE, guideWithTable(readFileSync(GUIDE, 'utf8')));
}
