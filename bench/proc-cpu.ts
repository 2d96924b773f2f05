import { readFileSync } from 'node:fs';

/** Ticks per second of /proc's CPU figures (USER_HZ on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * User + system CPU of these processes so far, ms (/proc/<pid>/stat fields 14 and 15, USER_HZ
 * ticks). A process that has exited contributes nothing more. Linux only (the benches' host).
 */
export function cpuMsOf(pids: readonly number[]): number {
  return pids.reduce((sum, pid) => sum + (cpuMsOfPid(pid) ?? 0), 0);
}

/** User + system CPU of one process so far, ms; null when it has exited. */
export function cpuMsOfPid(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1_000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/**
 * CPU used by a changing set of processes (PostgreSQL backends: pools open and close connections)
 * between `start` and `stop`, ms. The set is listed and read every `everyMs`; each process counts
 * from its first reading (0 for one that appeared after `start`) to its last, so one that exits
 * keeps what it used up to its last reading (at most `everyMs` of work is lost, where a single
 * reading before and after lost all of it and could go negative).
 */
export function trackCpuOf(pidsNow: () => Promise<number[]>, everyMs = 250): { start(): Promise<void>; stop(): Promise<number> } {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  let timer: NodeJS.Timeout | undefined;
  let reading: Promise<void> = Promise.resolve();
  const read = async (isStart: boolean) => {
    for (const pid of await pidsNow()) {
      const ms = cpuMsOfPid(pid);
      if (ms === null) continue;
      if (!first.has(pid)) first.set(pid, isStart ? ms : 0);
      last.set(pid, ms);
    }
  };
  return {
    async start() {
      await read(true);
      let inFlight = false;
      timer = setInterval(() => {
        // A tick while a reading is still running is skipped (the chain never grows).
        if (inFlight) return;
        inFlight = true;
        reading = read(false)
          .catch(() => undefined)
          .finally(() => {
            inFlight = false;
          });
      }, everyMs);
    },
    async stop() {
      clearInterval(timer);
      await reading;
      await read(false);
      let usedMs = 0;
      for (const [pid, ms] of last) usedMs += ms - (first.get(pid) ?? 0);
      return usedMs;
    },
  };
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
