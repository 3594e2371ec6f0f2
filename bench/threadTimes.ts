// CPU time of this process's Chromium, thread by thread, from /proc (Linux only): with software
// GL the drawing happens in the GPU process's threads, which neither the page's profiler nor its
// main-thread metrics see, and a frame's wall time on a shared machine also holds waiting for a
// core. Two readings' difference says which process and thread a stretch of frames kept busy.

import { existsSync, readdirSync, readFileSync } from "node:fs";

const TICK_MS = 10; // USER_HZ is 100 on every Linux Chromium runs on

function read(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null; // the process or thread ended between listing and reading
  }
}

/** Every process descended from this one, with its Chromium process type. */
function descendants(): Map<number, string> {
  const parents = new Map<number, number>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const stat = read(`/proc/${name}/stat`);
    // The command name may hold spaces and parentheses; the fields after it are plain.
    const fields = stat?.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (fields !== undefined) parents.set(Number(name), Number(fields[1]));
  }
  const ours = new Map<number, string>();
  const isOurs = (pid: number): boolean => {
    for (let at: number | undefined = pid; at !== undefined && at > 1; at = parents.get(at))
      if (at === process.pid) return true;
    return false;
  };
  for (const pid of parents.keys()) {
    if (pid === process.pid || !isOurs(pid)) continue;
    // Chromium rewrites its children's command lines into one string joined by spaces.
    const args = read(`/proc/${pid}/cmdline`)?.split(/[\0 ]/) ?? [];
    if (!(args[0] ?? "").includes("chrom")) continue;
    const type = args.find((a) => a.startsWith("--type="))?.slice(7) ?? "browser";
    ours.set(pid, type);
  }
  return ours;
}

/** CPU ms used so far by each `type/thread name` of this process's Chromium; null off Linux. */
export function chromiumThreadTimes(): Map<string, number> | null {
  if (!existsSync("/proc/self/task")) return null;
  const times = new Map<string, number>();
  for (const [pid, type] of descendants()) {
    let tasks: string[] = [];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tasks) {
      const stat = read(`/proc/${pid}/task/${tid}/stat`);
      if (stat === null) continue;
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // utime and stime are the 14th and 15th fields; fields[] starts at the 3rd.
      const ms = (Number(fields[11]) + Number(fields[12])) * TICK_MS;
      const key = `${type}/${comm}`;
      times.set(key, (times.get(key) ?? 0) + ms);
    }
  }
  return times;
}

/** What each thread used between two readings, busiest first, leaving out the idle ones. */
export function threadTimesBetween(
  before: Map<string, number> | null,
  after: Map<string, number> | null,
): Array<[string, number]> {
  if (before === null || after === null) return [];
  return [...after]
    .map(([key, ms]): [string, number] => [key, ms - (before.get(key) ?? 0)])
    .filter(([, ms]) => ms > 0)
    .sort((a, b) => b[1] - a[1]);
}

/** One event of a Chromium trace (the JSON trace format), as the benches read them. */
export interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  readonly dur?: number;
  readonly tdur?: number;
  readonly args?: { readonly name?: string };
}
