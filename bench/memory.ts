import { readdir, readFile } from 'node:fs/promises';

/** Peak resident memory (VmHWM) of every process in the group `pgid` leads, summed, in MB. */
export async function peakRssMb(pgid: number): Promise<number> {
  const kilobytes = await Promise.all((await groupMembers(pgid)).map(peakRssKb));
  return kilobytes.reduce((sum, kb) => sum + kb, 0) / 1024;
}

async function groupMembers(pgid: number): Promise<number[]> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number);
  const groups = await Promise.all(pids.map(processGroup));
  return pids.filter((_, index) => groups[index] === pgid);
}

async function processGroup(pid: number): Promise<number | undefined> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // After "pid (comm)": state, ppid, pgrp.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[2] === undefined ? undefined : Number(fields[2]);
}

async function peakRssKb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
}
