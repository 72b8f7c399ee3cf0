import { readFile } from 'node:fs/promises';
import type { Operator } from '../core/operator-roster.js';
import type { ServiceCode } from '../core/order.js';
import type { createOperatorStore } from './operator-store.js';

const DEMO_ROSTER = new URL('../../seed/demo-operators.json', import.meta.url);

interface RosterEntry {
  id: string;
  name: string;
  phone: string;
  services: ServiceCode[];
  latitude: number;
  longitude: number;
  onDuty: boolean;
}

/** Seeds the demo operators around Santiago de Chile into an empty roster. Returns how many. */
export async function seedDemoOperators(store: ReturnType<typeof createOperatorStore>, now: Date): Promise<number> {
  if ((await store.count()) > 0) return 0;
  const entries = JSON.parse(await readFile(DEMO_ROSTER, 'utf8')) as RosterEntry[];
  const operators: Operator[] = entries.map((e) => ({
    id: e.id,
    name: e.name,
    phone: e.phone,
    services: e.services,
    position: { latitude: e.latitude, longitude: e.longitude },
    onDuty: e.onDuty,
    updatedAt: now,
  }));
  await store.insertMany(operators);
  return operators.length;
}
