import { readdir, readFile } from 'node:fs/promises';

/** Linux's clock ticks per second (`getconf CLK_TCK`), in which /proc gives CPU time. */
const TICKS_PER_SECOND = 100;

export interface WatchedProcess {
  name: string;
  /** One process, or every process whose command name is `command` (PostgreSQL's backends). */
  pid?: number;
  command?: string;
}

interface Reading {
  cpuSeconds: number;
  /**
   * Proportional set size: resident memory with each shared page split among its sharers, so
   * that PostgreSQL's backends, which all map its shared buffers, add up to what they hold.
   */
  rssBytes: number;
}

async function commandOf(pid: number): Promise<string> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
}

async function readProcess(pid: number): Promise<Reading> {
  const [stat, rollup] = await Promise.all([
    readFile(`/proc/${pid}/stat`, 'utf8'),
    readFile(`/proc/${pid}/smaps_rollup`, 'utf8'),
  ]);
  // The command name is in parentheses and may hold spaces: fields count from its end.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const pssKib = Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0);
  return { cpuSeconds: ticks / TICKS_PER_SECOND, rssBytes: pssKib * 1024 };
}

async function pidsOf(command: string): Promise<number[]> {
  const pids = (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry)).map(Number);
  const commands = await Promise.all(
    pids.map((pid) =>
      commandOf(pid).then(
        (name) => (name === command ? pid : undefined),
        () => undefined,
      ),
    ),
  );
  return commands.filter((pid): pid is number => pid !== undefined);
}

/** CPU time and resident memory of a process, or summed over a command's processes. */
async function read(watched: WatchedProcess): Promise<Reading> {
  const pids = watched.pid ? [watched.pid] : await pidsOf(watched.command ?? '');
  const readings = await Promise.all(pids.map((pid) => readProcess(pid).catch(() => undefined)));
  return readings.reduce<Reading>(
    (sum, reading) => ({
      cpuSeconds: sum.cpuSeconds + (reading?.cpuSeconds ?? 0),
      rssBytes: sum.rssBytes + (reading?.rssBytes ?? 0),
    }),
    { cpuSeconds: 0, rssBytes: 0 },
  );
}

export interface ProcessFigures {
  name: string;
  cpuSeconds: number;
  /** CPU seconds per second of the watch: 1.0 is one core busy all along. */
  cores: number;
  rssStartMiB: number;
  rssPeakMiB: number;
  rssEndMiB: number;
}

/**
 * Samples the processes every `intervalMs` until `stop()`, which answers each one's CPU used
 * since the start and its memory at the start, at its peak and at the end.
 */
export async function watchProcesses(processes: WatchedProcess[], intervalMs = 1_000) {
  const started = performance.now();
  const first = await Promise.all(processes.map(read));
  const peaks = first.map((reading) => reading.rssBytes);
  const sample = async () => {
    const readings = await Promise.all(processes.map(read));
    readings.forEach((reading, index) => {
      peaks[index] = Math.max(peaks[index] ?? 0, reading.rssBytes);
    });
    return readings;
  };
  const timer = setInterval(() => void sample(), intervalMs);
  return {
    async stop(): Promise<ProcessFigures[]> {
      clearInterval(timer);
      const last = await sample();
      const seconds = (performance.now() - started) / 1000;
      const mib = (bytes: number) => bytes / 2 ** 20;
      return processes.map(({ name }, index) => {
        const cpuSeconds = (last[index]?.cpuSeconds ?? 0) - (first[index]?.cpuSeconds ?? 0);
        return {
          name,
          cpuSeconds,
          cores: cpuSeconds / seconds,
          rssStartMiB: mib(first[index]?.rssBytes ?? 0),
          rssPeakMiB: mib(peaks[index] ?? 0),
          rssEndMiB: mib(last[index]?.rssBytes ?? 0),
        };
      });
    },
  };
}

/** The memory of one process now (its proportional set size), in MiB. */
export const rssMiBOf = async (pid: number) => (await readProcess(pid)).rssBytes / 2 ** 20;
