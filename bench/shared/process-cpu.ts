import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** Linux reports utime and stime in clock ticks of 1/100 s (USER_HZ). */
const CLOCK_TICKS = 100;

/** CPU time a process has used so far, user and system, in milliseconds (Linux, from /proc). */
export function processCpuMs(pid: number): {
  user: number;
  system: number;
  total: number;
  /** Of its children that have ended and were waited for. */
  endedChildren: number;
} {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ms = (index: number) => (Number(fields[index]) * 1000) / CLOCK_TICKS;
  const [user, system] = [ms(11), ms(12)];
  return { user, system, total: user + system, endedChildren: ms(13) + ms(14) };
}

/**
 * CPU time of every PostgreSQL server process on this machine so far, in milliseconds, with the
 * connections that have closed since (the postmaster waits for them, so it holds their time).
 */
export function postgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      const cpu = processCpuMs(Number(entry));
      total += cpu.total + cpu.endedChildren;
    } catch {
      // The process ended between listing and reading.
    }
  }
  return total;
}

/** Busy CPU time of the whole machine so far, all cores, in milliseconds (idle and iowait excluded). */
export function machineBusyMs(): number {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/) ?? [];
  const [user, nice, system, , , irq, softirq, steal] = ticks.map(Number);
  return (
    (((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) * 1000) /
    CLOCK_TICKS
  );
}

/**
 * CPU time so far of every live descendant of `ancestor`, summed per the folder it runs in (its
 * working directory's last part, e.g. `storefront` for `apps/storefront`): which app of a stack this
 * process started spends the machine's time. Ended processes are not counted.
 */
export function descendantsCpuMsByFolder(ancestor = process.pid): Record<string, number> {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const afterName = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      parents.set(Number(entry), Number(afterName[1]));
    } catch {
      // ended meanwhile
    }
  }
  const descends = (pid: number) => {
    for (let parent = parents.get(pid); parent !== undefined && parent > 1; parent = parents.get(parent))
      if (parent === ancestor) return true;
    return false;
  };
  const byFolder: Record<string, number> = {};
  for (const pid of parents.keys()) {
    if (!descends(pid)) continue;
    try {
      const folder = readlinkSync(`/proc/${pid}/cwd`).split('/').pop() ?? '?';
      byFolder[folder] = (byFolder[folder] ?? 0) + processCpuMs(pid).total;
    } catch {
      // ended meanwhile
    }
  }
  return byFolder;
}
