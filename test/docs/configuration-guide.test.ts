import { describe, expect, it } from 'vitest';
import { SETTINGS, type SettingName } from '../../src/service/config.js';
import { readText, tableRows } from './markdown.js';

// Each row of the guide's tables: `| \`NAME\` | default | meaning |`.
const rows = tableRows(readText('docs/configuration.md'))
  .map(([name = '', value = '', meaning = '']) => ({ name: /^`([A-Z][A-Z0-9_]*)`$/.exec(name)?.[1], value, meaning }))
  .filter((row): row is { name: string; value: string; meaning: string } => row.name !== undefined);
const rowOf = (name: string) => rows.filter((row) => row.name === name);
const settings = Object.entries(SETTINGS) as [SettingName, { default: string; doc: string }][];

/**
 * How the guide must write a setting's default: its value in backticks; `unset` for none, unless
 * the setting's own doc says what applies by default then (GraphiQL on outside production, a URL
 * made of the port), which the guide says in words too.
 */
function expectedDefault(setting: { default: string; doc: string }): string | RegExp {
  if (setting.default !== '') return `\`${setting.default}\``;
  return /\bdefault\b/.test(setting.doc) ? /^(?!unset$)\S/ : 'unset';
}

describe('docs/configuration.md', () => {
  it.each(settings)('when the service reads %s, then the guide has one row for it, with its default and a meaning', (name, setting) => {
    const [row, ...more] = rowOf(name);

    expect(row, `a row for ${name}`).toBeDefined();
    expect(more).toEqual([]);
    const expected = expectedDefault(setting);
    if (typeof expected === 'string') expect(row!.value).toBe(expected);
    else expect(row!.value).toMatch(expected);
    expect(row!.meaning.length).toBeGreaterThan(10);
  });

  it('when the guide names a variable in a table, then the service reads it', () => {
    const unknown = rows.map((row) => row.name).filter((name) => !Object.hasOwn(SETTINGS, name));

    expect(unknown).toEqual([]);
  });
});
