import { existsSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { buildSchema, Kind, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { anchors, documentationFiles, fences, linkTargets, readText, ROOT } from './markdown.js';

const pages = documentationFiles();
const schema = buildSchema(readText('schema.graphql'));

describe('the documentation', () => {
  it.each(pages)('when %s links to a page of the repository, then the page and its heading exist', (page) => {
    const broken = linkTargets(readText(page))
      .filter((target) => !/^[a-z]+:/.test(target))
      .filter((target) => {
        const [path = '', anchor] = target.split('#');
        const file = path ? normalize(join(dirname(page), path)) : page;
        if (!existsSync(join(ROOT, file))) return true;
        if (anchor === undefined) return false;
        return statSync(join(ROOT, file)).isDirectory() || !anchors(readText(file)).has(anchor);
      });

    expect(broken).toEqual([]);
  });

  it.each(pages)('when %s shows GraphQL, then it is valid against schema.graphql, every operation named', (page) => {
    for (const fence of fences(readText(page)).filter((f) => f.lang === 'graphql')) {
      const document = parse(fence.text);
      const where = `${page}, the block at line ${fence.line}`;

      expect(validate(schema, document).map((e) => e.message), where).toEqual([]);
      for (const definition of document.definitions) {
        if (definition.kind === Kind.OPERATION_DEFINITION) expect(definition.name?.value, where).toBeDefined();
      }
    }
  });
});
