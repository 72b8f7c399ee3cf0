import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GUIDE, guideWithTable } from '../../scripts/lifecycle-doc.js';

describe('the lifecycle guide', () => {
  it('when the transition table changes, then docs/lifecycle.md is regenerated (npm run lifecycle-doc)', () => {
    const guide = readFileSync(GUIDE, 'utf8');

    expect(guide).toBe(guideWithTable(guide));
  });
});
