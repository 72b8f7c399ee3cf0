import type { WriteStream } from 'node:tty';

const WIDTH = 30;
const EVERY_MS = 100;

/** A one-line bar on a terminal, redrawn at most ten times a second. */
export function createProgressBar(out: WriteStream, total: number, label: string) {
  let drawnAt = 0;
  const draw = (done: number, note: string) => {
    const share = total > 0 ? Math.min(1, done / total) : 1;
    const filled = Math.round(share * WIDTH);
    out.write(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${(share * 100).toFixed(0).padStart(3)} % ${note}`);
  };
  return {
    update(done: number, note = '') {
      const now = Date.now();
      if (now - drawnAt < EVERY_MS) return;
      drawnAt = now;
      draw(done, note);
    },
    finish(note = '') {
      draw(total, note);
      out.write('\n');
    },
  };
}
