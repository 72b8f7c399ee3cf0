import type { Reporter, TestCase, TestModule, TestSuite, Vitest } from 'vitest/node';

// Ends a run with one line per reason tests were skipped for, and how many, so that a run
// without PostgreSQL, Redis or a browser says what it left out and how to bring it in. The
// reasons stay where each skip is decided: a suite or test title carries its own as
// `… (skipped: REASON)`, and a test that skips itself gives it to `context.skip(REASON)`.

const MARK = '(skipped: ';

/** The first reason a title carries, up to its closing parenthesis (a reason may hold others). */
export function reasonIn(title: string): string | null {
  const start = title.indexOf(MARK);
  if (start < 0) return null;
  let depth = 1;
  for (let i = start + MARK.length; i < title.length; i++) {
    if (title[i] === '(') depth++;
    else if (title[i] === ')' && --depth === 0) return title.slice(start + MARK.length, i);
  }
  return title.slice(start + MARK.length);
}

/** Why a skipped test was skipped: its own note, else the outermost title, its suites' then its own, that says. */
export function skipReason(test: TestCase): string | null {
  const result = test.result();
  if (result.state === 'skipped' && result.note) return result.note;
  const titles: string[] = [test.name];
  for (let parent: TestSuite | TestModule = test.parent; parent.type === 'suite'; parent = parent.parent) titles.unshift(parent.name);
  for (const title of titles) {
    const reason = reasonIn(title);
    if (reason) return reason;
  }
  return null;
}

/**
 * The summary's lines, the largest group first. Tests skipped with no reason are counted only when
 * `unfiltered`: under a name filter (`-t`) vitest skips every test left out the same way.
 */
export function summaryLines(testModules: ReadonlyArray<TestModule>, unfiltered: boolean): string[] {
  const counts = new Map<string, number>();
  for (const testModule of testModules) {
    for (const test of testModule.children.allTests('skipped')) {
      if (test.options.mode === 'todo') continue; // vitest counts these on their own
      const reason = skipReason(test) ?? (unfiltered ? 'no reason in their titles (a bare skip or only)' : null);
      if (reason) counts.set(reason, (counts.get(reason) ?? 0) + 1);
    }
  }
  return [...counts]
    .sort(([, a], [, b]) => b - a)
    .map(([reason, count]) => `skipped: ${count} ${count === 1 ? 'test' : 'tests'} — ${reason}`);
}

export default class SkipSummary implements Reporter {
  private vitest!: Vitest;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const lines = summaryLines(testModules, !this.vitest.config.testNamePattern);
    if (lines.length > 0) this.vitest.logger.log(lines.join('\n'));
  }
}
