// npm run schema: writes schema.graphql from the code-first schema.
import { writeFileSync } from 'node:fs';
import { printedSchema } from '../src/service/schema.js';

writeFileSync(new URL('../schema.graphql', import.meta.url), printedSchema());
console.log('schema.graphql written');
