/**
 * Where the machine's CPU goes during a call's load: the API process, PostgreSQL (the server and all its backends) and
 * the bench process itself (autocannon's HTTP client, or the pg client of the bare-SQL replay). On a 2-core machine
 * the three share the cores, so a call's throughput is bounded by their sum per request; this splits it.
 *
 * Read from /proc (Linux): user + system time of a process, in clock ticks. PostgreSQL's backends come and go (the
 * bare-SQL replay opens 10 connections and closes them): a backend's time stays countable after it exits, because
 * the postmaster's cutime/cstime add it when it is reaped. So PostgreSQL's total is the postmaster's own and reaped
 * children's time plus its live children's time; a backend that exits between two readings moves from one term to the
 * other without being counted twice. The postmaster is found from a backend's pid (`pg_backend_pid()`), so other
 * clusters on the same machine are not counted. A server on another host, or no /proc, gives no figure.
 */
import { readdir, readFile } from 'node:fs/promises';
import pg from 'pg';

const TICKS_PER_SECOND = 100; // USER_HZ: 100 on Linux for every architecture the project runs on (`getconf CLK_TCK`).

/** Fields of /proc/<pid>/stat after the command (the command may contain spaces and parentheses). */
async function statFields(pid: number): Promise<string[] | undefined> {
  try {
    const text = await readFile(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined; // gone, or no /proc
  }
}

// After the command: [0] state, [1] ppid, … [11] utime, [12] stime, [13] cutime, [14] cstime (proc(5), fields 14–17).
const own = (fields: string[]) => Number(fields[11]) + Number(fields[12]);
const reaped = (fields: string[]) => Number(fields[13]) + Number(fields[14]);

/** CPU seconds a process has used (user + system), or NaN when it cannot be read. */
export async function processCpuSeconds(pid: number): Promise<number> {
  const fields = await statFields(pid);
  return fields ? own(fields) / TICKS_PER_SECOND : NaN;
}

/** The pid of the postmaster that serves `url`, or undefined when it is not a process of this machine. */
export async function postmasterOf(url: string): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const backend = Number((await client.query('select pg_backend_pid() as pid')).rows[0].pid);
    const fields = await statFields(backend);
    return fields ? Number(fields[1]) : undefined;
  } finally {
    await client.end();
  }
}

/** CPU seconds used by a PostgreSQL server so far: the postmaster, its reaped children and its live ones. */
export async function postgresCpuSeconds(postmaster: number): Promise<number> {
  const main = await statFields(postmaster);
  if (!main) return NaN;
  let ticks = own(main) + reaped(main);
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = await statFields(Number(entry));
    if (fields && Number(fields[1]) === postmaster) ticks += own(fields);
  }
  return ticks / TICKS_PER_SECOND;
}

/**
 * PostgreSQL's CPU seconds once its exiting backends are accounted for. A backend that has exited but is not yet
 * reaped is in neither term (seen once: a replay's 10 backends, 3.5 s of CPU, missing from a reading right after the
 * pool closed, and back 0.5 s later). After the load stops PostgreSQL is idle, so this reads until two readings 100 ms
 * apart agree within a clock tick (at most 3 s).
 */
async function settledPostgresCpuSeconds(postmaster: number): Promise<number> {
  let previous = await postgresCpuSeconds(postmaster);
  for (let attempt = 0; attempt < 30 && Number.isFinite(previous); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const next = await postgresCpuSeconds(postmaster);
    if (Math.abs(next - previous) <= 1 / TICKS_PER_SECOND) return next;
    previous = next;
  }
  return previous;
}

export interface CpuSplit {
  /** CPU milliseconds per request (or per replayed request) of each party; NaN when unknown. */
  api: number;
  postgres: number;
  bench: number;
}

/**
 * Measures what `work` costs in CPU, per request: `requests()` (read after the work) divides the seconds. `apiPid`
 * undefined: only PostgreSQL and the bench (the bare-SQL replay).
 */
export async function measureCpu<T>(
  postmaster: number | undefined,
  apiPid: number | undefined,
  work: () => Promise<T>,
  requests: (result: T) => number,
): Promise<{ result: T; cpu: CpuSplit }> {
  const read = async () => ({
    postgres: postmaster === undefined ? NaN : await settledPostgresCpuSeconds(postmaster),
    api: apiPid === undefined ? NaN : await processCpuSeconds(apiPid),
    bench: process.cpuUsage(),
  });
  const before = await read();
  const result = await work();
  const after = await read();
  const n = Math.max(1, requests(result));
  const bench = process.cpuUsage(before.bench);
  return {
    result,
    cpu: {
      api: ((after.api - before.api) * 1000) / n,
      postgres: ((after.postgres - before.postgres) * 1000) / n,
      bench: (bench.user + bench.system) / 1000 / n,
    },
  };
}
