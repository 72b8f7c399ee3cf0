import { describe, expect, it } from 'vitest';
import { demoOperatorIds } from '../../scripts/simulate/demo-roster.js';
import { greatCircleMetres } from '../../src/orders/domain/geo.js';
import { SANTIAGO } from '../support/service.js';
import { documentationFiles, readText } from './markdown.js';

// Where a page names an operator a reader would run something as, or against.
const NAMED = [/--operator[ =]([a-z0-9][\w.:-]*)/g, /operatorId: "([^"]+)"/g, /\bid: "([^"]+)"/g, /operator\(id: "([^"]+)"\)/g, /removeOperator\(id: "([^"]+)"\)/g];
// Where a page makes an operator of its own first: an upsert, or a row of an import's file.
const MADE = [/upsertOperator\(input: \{ id: "([^"]+)"/g, /^([\w.:-]+),[^,\n]+,\+\d+,/gm, /\{"id": "([^"]+)", "name"/g];

const idsOf = (text: string, patterns: RegExp[]) => new Set(patterns.flatMap((p) => [...text.matchAll(p)].map((m) => m[1]!)));

describe("the operators the documentation names", () => {
  it.each(documentationFiles())(
    'when %s names an operator, then a freshly started service has it: the demo roster, or one the page makes first',
    (page) => {
      const text = readText(page);
      const known = new Set([...demoOperatorIds(), ...idsOf(text, MADE)]);
      // Only what reads as an operator's id: webhook endpoints and orders have ids of other shapes.
      const named = [...idsOf(text, NAMED)].filter((id) => /^(demo|tow|op|operator|gr)/i.test(id));

      expect(named.filter((id) => !known.has(id))).toEqual([]);
    },
  );

  it("when the README signs an operator token, then it is the demo operator nearest its orders' origin, offered them first", async () => {
    const roster = (await import('../../seed/demo-operators.json', { with: { type: 'json' } })).default as {
      id: string; services: number[]; latitude: number; longitude: number; onDuty: boolean }[];
    const towing = roster.filter((o) => o.onDuty && o.services.includes(1));
    const nearest = towing.sort((a, b) => greatCircleMetres(SANTIAGO, a) - greatCircleMetres(SANTIAGO, b))[0]!;

    expect([...idsOf(readText('README.md'), [NAMED[0]!])]).toEqual([nearest.id]);
  });
});
