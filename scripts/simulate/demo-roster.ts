import { readFileSync } from 'node:fs';

const DEMO_ROSTER = new URL('../../seed/demo-operators.json', import.meta.url);

/** The ids of the demo roster a new store is seeded with (seed/demo-operators.json). */
export const demoOperatorIds = (): string[] => (JSON.parse(readFileSync(DEMO_ROSTER, 'utf8')) as { id: string }[]).map((o) => o.id);
