import { describe, expect, it } from 'vitest';
import { ERROR_TABLE, type ErrorCode } from '../../src/http/error-table.js';
import { readText, section, tableRows } from './markdown.js';

// Each row of the guide's table of codes: `| status | \`CODE\` | GraphQL | when |`.
const rows = tableRows(section(readText('docs/errors.md'), '## Every code')).map(([status = '', code = '', graphql = '', when = '']) => ({
  status: Number(status),
  code: /^`([A-Z_]+)`$/.exec(code)?.[1] ?? code,
  graphql,
  when,
}));
const entries = Object.entries(ERROR_TABLE) as [ErrorCode, { status: number; graphqlType?: string }][];

describe('docs/errors.md', () => {
  it.each(entries)('when the service can answer %s, then the guide has one row for it, with its status, GraphQL shape and when', (code, entry) => {
    const [row, ...more] = rows.filter((r) => r.code === code);

    expect(row, `a row for ${code}`).toBeDefined();
    expect(more).toEqual([]);
    expect(row!.status).toBe(entry.status);
    // A union member by name; else how it reaches a GraphQL client, if at all.
    expect(row!.graphql).toMatch(entry.graphqlType ? `\`${entry.graphqlType}\`` : /^(top-level|not GraphQL|masked)\b/);
    expect(row!.when.length).toBeGreaterThan(10);
  });

  it('when the guide lists a code, then the error table holds it', () => {
    const unknown = rows.map((row) => row.code).filter((code) => !Object.hasOwn(ERROR_TABLE, code));

    expect(unknown).toEqual([]);
  });
});
