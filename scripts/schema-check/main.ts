// npm run schema:check — today's documents against schema/released/; exits 1 on a breaking change.
// npm run schema:release — keeps today's documents as package.json's version's and writes its
// changelog section; refused on a breaking change or a version already released.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkSchemas, formatReport } from './check.js';
import { hasRelease, releasedVersion, releaseSection, withRelease } from './changelog.js';
import { CHANGELOG, currentDocuments, releasedDocuments, ROOT, writeReleased } from './documents.js';

async function main(command: string | undefined): Promise<number> {
  if (command !== 'check' && command !== 'release') {
    console.error('usage: main.ts check | release');
    return 2;
  }
  const changelog = readFileSync(join(ROOT, CHANGELOG), 'utf8');
  const against = `release ${releasedVersion(changelog) ?? '(none)'}`;
  const result = await checkSchemas(releasedDocuments(), currentDocuments());
  const report = formatReport(result, against);

  if (command === 'check') {
    console.log(report.join('\n'));
    return result.passed ? 0 : 1;
  }

  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  if (hasRelease(changelog, version)) {
    console.error(`${version} is released already: raise package.json's version first (npm version minor --no-git-tag-version)`);
    return 1;
  }
  if (!result.passed) {
    console.error(report.join('\n'));
    console.error(`not released: ${version} would break clients of ${against}`);
    return 1;
  }
  writeReleased(currentDocuments());
  const section = releaseSection(version, new Date().toISOString().slice(0, 10), result.changes);
  writeFileSync(join(ROOT, CHANGELOG), withRelease(changelog, section));
  console.log(`${version} released: schema/released/ holds its documents, ${CHANGELOG} its changes`);
  return 0;
}

process.exitCode = await main(process.argv[2]);
