import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The repository's root, as a path ending in a slash. */
export const ROOT = new URL('../../', import.meta.url).pathname;

export const readText = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

/** README.md and every page under docs/, as paths from the root. */
export function documentationFiles(): string[] {
  const under = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? under(`${dir}/${entry.name}`) : entry.name.endsWith('.md') ? [`${dir}/${entry.name}`] : [],
    );
  return ['README.md', ...under('docs')];
}

export interface Fence {
  lang: string;
  text: string;
  /** The line of its opening fence, from 1. */
  line: number;
}

/** The fenced code blocks of a page, in order. */
export function fences(markdown: string): Fence[] {
  const found: Fence[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const end = lines.findIndex((line, j) => j > i && line.startsWith('```'));
    if (end < 0) throw new Error(`the fence opened at line ${i + 1} is never closed`);
    found.push({ lang: open[1]!, text: lines.slice(i + 1, end).join('\n'), line: i + 1 });
    i = end;
  }
  return found;
}

/**
 * The blocks that follow a marker comment `<!-- kind: name -->` (blank lines between them
 * allowed), by name, in the page's order.
 */
export function markedFences(markdown: string, kind: string): { name: string; fence: Fence }[] {
  const all = fences(markdown);
  const lines = markdown.split('\n');
  const marked: { name: string; fence: Fence }[] = [];
  lines.forEach((line, index) => {
    const marker = new RegExp(`^<!-- ${kind}: (\\S+) -->$`).exec(line.trim());
    if (!marker) return;
    const fence = all.find((f) => f.line > index + 1);
    const between = fence ? lines.slice(index + 1, fence.line - 1) : [];
    if (!fence || between.some((l) => l.trim() !== '')) throw new Error(`the marker "${line.trim()}" is not right before a code block`);
    marked.push({ name: marker[1]!, fence });
  });
  return marked;
}

/** The text under a heading, down to the next heading of its level or above. */
export function section(markdown: string, heading: string): string {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trim() === heading);
  if (start < 0) throw new Error(`no heading "${heading}"`);
  const level = heading.indexOf(' ');
  const end = lines.findIndex((line, i) => i > start && /^#+ /.test(line) && line.indexOf(' ') <= level);
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** The cells of a table row, trimmed; a `|` inside backticks belongs to its cell. */
function cells(row: string): string[] {
  const found: string[] = [];
  let cell = '';
  let code = false;
  for (const char of row.trim().replace(/^\||\|$/g, '')) {
    if (char === '`') code = !code;
    if (char === '|' && !code) {
      found.push(cell.trim());
      cell = '';
    } else cell += char;
  }
  return [...found, cell.trim()];
}

/** The body rows of every pipe table in `markdown` (not their headers or rules), as cells. */
export function tableRows(markdown: string): string[][] {
  const lines = markdown.split('\n');
  return lines.flatMap((line, i) => {
    if (!line.startsWith('|')) return [];
    const isRule = (l: string | undefined) => l !== undefined && /^\|[\s|:-]+\|$/.test(l.trim());
    if (isRule(line) || isRule(lines[i + 1])) return [];
    return [cells(line)];
  });
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
export const slug = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** The anchors of a page's headings, fenced blocks left out. */
export function anchors(markdown: string): Set<string> {
  const code = new Set(fences(markdown).flatMap((f) => Array.from({ length: f.text.split('\n').length + 2 }, (_, k) => f.line + k)));
  const headings = markdown.split('\n').flatMap((line, i) => (!code.has(i + 1) && /^#{1,6} /.test(line) ? [line.replace(/^#+ /, '')] : []));
  return new Set(headings.map(slug));
}

/** The targets of a page's inline links `[text](target)`, fenced blocks left out. */
export function linkTargets(markdown: string): string[] {
  const prose = fences(markdown).reduce((text, f) => text.replace(f.text, ''), markdown);
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
}
