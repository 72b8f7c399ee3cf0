import { readdir, readFile, writeFile } from 'node:fs/promises';

/** Peak resident memory (VmHWM) of every process in the group `pgid` leads, summed, in MB. */
export function peakRssMb(pgid: number): Promise<number> {
  return groupMb(pgid, 'VmHWM');
}

/** Resident memory now (VmRSS) of every process in the group `pgid` leads, summed, in MB. */
export function rssMb(pgid: number): Promise<number> {
  return groupMb(pgid, 'VmRSS');
}

/**
 * Resets the peak (VmHWM) of every process in the group to its resident memory now, so that a
 * later peakRssMb is the peak since ("5" to /proc/<pid>/clear_refs; the kernel allows it to the
 * process's owner).
 */
export async function resetPeak(pgid: number): Promise<void> {
  await Promise.all((await groupMembers(pgid)).map((pid) => writeFile(`/proc/${pid}/clear_refs`, '5')));
}

async function groupMb(pgid: number, field: 'VmHWM' | 'VmRSS'): Promise<number> {
  const kilobytes = await Promise.all((await groupMembers(pgid)).map((pid) => statusKb(pid, field)));
  return kilobytes.reduce((sum, kb) => sum + kb, 0) / 1024;
}

/** The processes of the group `pgid` leads: the service, and its workers when WORKERS > 1. */
export async function groupMembers(pgid: number): Promise<number[]> {
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
