import { declareSettings, type Reader } from '../platform/config/settings.js';

/** The roster: how instances share its changes, and the demo operators a new store starts with. */
export const OPERATOR_SETTINGS = declareSettings({
  ROSTER_SYNC_SECONDS: { default: '2', doc: 'on PostgreSQL, how often each instance reads the roster changes of the others' },
  SEED_DEMO_OPERATORS: { default: 'true', doc: 'seed the demo roster around Santiago into an empty store' },
});

export interface OperatorsConfig {
  rosterSyncMs: number;
  seedDemoOperators: boolean;
}

export function readOperatorsConfig(read: Reader<keyof typeof OPERATOR_SETTINGS>): OperatorsConfig {
  return {
    rosterSyncMs: read.number('ROSTER_SYNC_SECONDS', { min: 0.1, max: 3600 }) * 1000,
    seedDemoOperators: read.get('SEED_DEMO_OPERATORS') !== 'false',
  };
}
