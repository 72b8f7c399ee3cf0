import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_TABLE } from '../src/error-table.js';

describe('the error table', () => {
  it('the README lists every code with its status', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const missing = Object.entries(ERROR_TABLE)
      .filter(([code, { status }]) => !readme.includes(`| ${status} | \`${code}\``))
      .map(([code]) => code);
    expect(missing).toEqual([]);
  });
});
