// npm run lifecycle-doc: rewrites the generated part of docs/lifecycle.md (the transition table
// and its diagram) from src/core/lifecycle/transitions.ts; a test fails when it is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TRANSITIONS, type Transition } from '../src/core/lifecycle/transitions.js';

export const GUIDE = fileURLToPath(new URL('../docs/lifecycle.md', import.meta.url));
const BEGIN = '<!-- generated from src/core/lifecycle/transitions.ts: npm run lifecycle-doc -->';
const END = '<!-- end of generated part -->';

const target = (t: Transition) => (t.to === 'paused_from' ? 'where it was paused' : `\`${t.to}\``);
const service = (t: Transition) => (t.service === 'towing' ? ' (towing)' : t.service === 'on_site' ? ' (on-site services)' : '');

/** The table and the Mermaid diagram of every transition. */
export function renderLifecycle(): string {
  const rows = TRANSITIONS.map(
    (t) =>
      `| \`${t.name}\`${service(t)} | ${t.from.map((s) => `\`${s}\``).join(', ')} | ${target(t)} | ${t.by.join(', ')} | \`${t.change}\` | ${t.effects.map((e) => `\`${e}\``).join(', ') || '—'} |`,
  );
  const edges = new Set<string>();
  for (const t of TRANSITIONS) {
    for (const from of t.from) {
      const to = t.to === 'paused_from' ? null : t.to;
      if (to) edges.add(`  ${from} --> ${to}: ${t.name}${t.service === 'towing' ? ' (towing)' : t.service === 'on_site' ? ' (on site)' : ''} · ${t.by.join('/')}`);
    }
  }
  edges.add('  paused --> pending_partner: resume · platform');
  edges.add('  paused --> partner_start_order: resume · platform');
  edges.add('  paused --> partner_going_to_origin: resume · platform');
  edges.add('  paused --> partner_in_origin: resume · platform');
  edges.add('  paused --> partner_going_to_destination: resume · platform');
  return [
    BEGIN,
    '',
    '| transition | from | to | by | event | effects |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    '```mermaid',
    'stateDiagram-v2',
    '  [*] --> pending_payment: created · owner',
    ...edges,
    '  cancelled --> [*]',
    '  closed --> [*]',
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
