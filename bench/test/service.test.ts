import { describe, expect, it } from 'vitest';
import { nodeOptions, serviceArgs } from '../service.js';

describe('nodeOptions', () => {
  it("when npm start gives node options, then the bench runs the service with them", () => {
    expect(nodeOptions('node --liftoff-only --max-semi-space-size=8 dist/main.js')).toEqual(['--liftoff-only', '--max-semi-space-size=8']);
  });

  it('when npm start gives none, or runs something else, then none are taken', () => {
    expect(nodeOptions('node dist/main.js')).toEqual([]);
    expect(nodeOptions('tsx src/main.ts')).toEqual([]);
  });
});

describe('serviceArgs', () => {
  it("when read from the repository, then they end with the build's entry point", () => {
    expect(serviceArgs().at(-1)).toBe('dist/main.js');
  });
});
