import { mkdirSync, openSync, closeSync, fsyncSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { syncTree } from './synced-node-fs.js';

// The file whose presence makes a directory a data directory (see thread.ts): written last.
const MARK = 'PG_VERSION';

/**
 * Unpacks the gzipped tarball PGlite dumps (ustar: a 512-byte header before each entry, its data
 * in 512-byte blocks) into `dataDir`, and syncs it to the disk, as initdb does; the file that
 * makes it a data directory comes last, once the rest is on the disk, so that a directory left
 * by a start that was cut short is made again rather than opened.
 */
export async function unpackNewStore(tarball: string, dataDir: string): Promise<void> {
  const tar = gunzipSync(await readFile(tarball));
  const root = resolve(dataDir);
  mkdirSync(root, { recursive: true });
  let mark: Buffer | undefined;
  for (let at = 0; at + 512 <= tar.length; ) {
    const header = tar.subarray(at, at + 512);
    if (header.every((byte) => byte === 0)) break;
    const text = (from: number, length: number) => header.toString('latin1', from, from + length).replace(/\0[\s\S]*$/, '');
    const prefix = text(345, 155);
    const name = prefix ? `${prefix}/${text(0, 100)}` : text(0, 100);
    const size = parseInt(text(124, 12).trim() || '0', 8);
    const type = text(156, 1) || '0';
    const data = tar.subarray(at + 512, at + 512 + size);
    at += 512 + Math.ceil(size / 512) * 512;
    const path = resolve(root, `.${name.startsWith('/') ? '' : '/'}${name}`);
    if (relative(root, path).startsWith('..')) throw new Error(`${tarball}: ${name} is outside the data directory`);
    if (type === '5') mkdirSync(path, { recursive: true });
    else if (type !== '0') throw new Error(`${tarball}: ${name} is neither a file nor a directory`);
    else if (path === join(root, MARK)) mark = data;
    else {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, data);
    }
  }
  if (!mark) throw new Error(`${tarball} has no ${MARK}`);
  await syncTree(root);
  const fd = openSync(join(root, MARK), 'w');
  try {
    writeFileSync(fd, mark);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  const dir = openSync(root, 'r');
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}
