import { readdir, readFile } from 'node:fs/promises';

/** Peak resident memory (VmHWM) of every process in the group `pgid` leads, summed, in MB. */
export function peakRssMb(pgid: number): Promise<number> {
  return groupMb(pgid, 'VmHWM');
}

/** Resident memory now (VmRSS) of every process in the group `pgid` leads, summed, in MB. */
export function rssMb(pgid: number): Promise<number> {
  return groupMb(pgid, 'VmRSS');
}

async function groupMb(pgid: number, field: 'VmHWM' | 'VmRSS'): Promise<number> {
  const kilobytes = await Promise.all((await groupMembers(pgid)).map((pid) => statusKb(pid, field)));
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

async function statusKb(pid: number, field: string): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
}
