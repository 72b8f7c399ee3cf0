// CHANGELOG.md: a section a release, newest first, written from the same diff as the check.
import type { Face, Kind, SchemaChange } from './changes.js';

const HEADING = /^## (\d+\.\d+\.\d+\S*)/m;

/** The version of the last release: the changelog's first section. */
export function releasedVersion(changelog: string): string | undefined {
  return HEADING.exec(changelog)?.[1];
}

/** Whether the changelog has a section for `version`. */
export const hasRelease = (changelog: string, version: string): boolean =>
  changelog.split('\n').some((line) => HEADING.exec(line)?.[1] === version);

const GROUPS: [Kind, string][] = [
  ['added', 'Added'],
  ['deprecated', 'Deprecated'],
  ['removed', 'Removed'],
  ['changed', 'Changed'],
];
const FACES: Face[] = ['GraphQL', 'REST'];

/** The section of a release: for each face, what was added, deprecated, removed and changed. Wording is left out. */
export function releaseSection(version: string, date: string, changes: SchemaChange[]): string {
  const lines = [`## ${version} — ${date}`, ''];
  const listed = changes.filter((change) => !change.wording);
  if (listed.length === 0) lines.push('No schema changes.', '');
  for (const face of FACES) {
    const ofFace = listed.filter((change) => change.face === face);
    if (ofFace.length === 0) continue;
    lines.push(`### ${face}`, '');
    for (const [kind, title] of GROUPS) {
      const entries = [...new Set(ofFace.filter((change) => change.kind === kind).map((c) => `- \`${c.path}\`: ${c.message}${c.note ? ` (${c.note})` : ''}`))];
      if (entries.length > 0) lines.push(`${title}:`, '', ...entries, '');
    }
  }
  return lines.join('\n');
}

/** The changelog with `section` above the previous releases. */
export function withRelease(changelog: string, section: string): string {
  const match = HEADING.exec(changelog);
  if (!match) return `${changelog.trimEnd()}\n\n${section.trimEnd()}\n`;
  return `${changelog.slice(0, match.index)}${section.trimEnd()}\n\n${changelog.slice(match.index)}`;
}
