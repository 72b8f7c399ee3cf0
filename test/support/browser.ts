import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';

/** Debian's chromium, which scripts/install-browser.sh installs. */
export const CHROMIUM = '/usr/bin/chromium';

const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function probe(): string | null {
  if (existsSync(CHROMIUM)) return null;
  // CI installs it before the tests: missing there, it is a broken run, not a reason to skip.
  if (process.env.CI) throw new Error(`${CHROMIUM} is missing: run scripts/install-browser.sh before the tests`);
  return `${CHROMIUM} is missing; scripts/install-browser.sh installs it`;
}

/** Why the browser tests are skipped here; null when they run. */
export const browserSkip = probe();

/** A suite title, with the reason when the browser tests are skipped. */
export const inBrowser = (title: string) => (browserSkip ? `${title} (skipped: ${browserSkip})` : title);

export interface TestBrowser {
  context: BrowserContext;
  /** Lets the browser reach `origin` (scheme, host and port); everything else is aborted. */
  allow(origin: string): void;
  /** The URLs the browser tried to reach and was refused. */
  refused: string[];
  /** What the pages and their workers wrote to the console, errors and warnings, and uncaught errors. */
  problems: string[];
  close(): Promise<void>;
}

/** Chromium headless on a new, empty profile, whose network reaches only the origins allowed. */
export async function launchBrowser(): Promise<TestBrowser> {
  const profile = await mkdtemp(join(tmpdir(), 'chromium-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
  });
  const allowed = new Set<string>();
  const refused: string[] = [];
  const problems: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (allowed.has(new URL(url).origin)) return route.continue();
    refused.push(url);
    return route.abort('blockedbyclient');
  });
  const record = (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  };
  const watch = (page: Page) => {
    page.on('console', record);
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    page.on('worker', (worker) => worker.on('console', record));
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  return {
    context,
    allow: (origin) => allowed.add(origin),
    refused,
    problems,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
