import { readFileSync } from 'node:fs';

/** Ticks per second of /proc's CPU figures (USER_HZ on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * User + system CPU of these processes so far, ms (/proc/<pid>/stat fields 14 and 15, USER_HZ
 * ticks). A process that has exited contributes nothing more. Linux only (the benches' host).
 */
export function cpuMsOf(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // A process that exited contributes nothing more.
    }
  }
  return (ticks * 1_000) / TICKS_PER_SECOND;
}

/**
 * Busy CPU time of the whole host so far, ms: /proc/stat's first line, every field but idle and
 * iowait (USER_HZ ticks), summed over all cores.
 */
export function hostBusyMs(): number {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal (guest time is already in user)
  const busyTicks = fields.slice(0, 8).reduce((sum, value, index) => (index === 3 || index === 4 ? sum : sum + value), 0);
  return (busyTicks * 1_000) / TICKS_PER_SECOND;
}
