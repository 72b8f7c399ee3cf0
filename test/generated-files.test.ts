import { readFileSync } from 'node:fs';
import { generate } from '@graphql-codegen/cli';
import { describe, expect, it } from 'vitest';
import codegenConfig from '../codegen.js';
import { printedSchema } from '../src/service/schema.js';

const root = new URL('../', import.meta.url);
const committed = (path: string) => readFileSync(new URL(path, root), 'utf8');

describe('generated files', () => {
  it('schema.graphql is what the code prints (run `npm run schema`)', () => {
    expect(committed('schema.graphql')).toBe(printedSchema());
  });

  it('the codegen output is what codegen.ts generates (run `npm run codegen`)', async () => {
    const outputs = await generate({ ...codegenConfig, cwd: new URL('.', root).pathname, silent: true }, false);
    expect(outputs.length).toBeGreaterThan(0);
    for (const { filename, content } of outputs) {
      expect(committed(filename), filename).toBe(content);
    }
  });
});
