import { readdir, readFile } from 'node:fs/promises';

/** Linux's clock ticks per second (`getconf CLK_TCK`), in which /proc gives CPU time. */
const TICKS_PER_SECOND = 100;

export interface WatchedProcess {
  name: string;
  /** One process; else every process whose command line holds `commandLine`. */
  pid?: number;
  /** E.g. a database's name, which PostgreSQL shows in the titles of its backends. */
  commandLine?: string;
}

interface Reading {
  cpuSeconds: number;
  /**
   * Proportional set size: resident memory with each shared page split among its sharers, so
   * that PostgreSQL's backends, which all map its shared buffers, add up to what they hold.
   */
  memoryBytes: number;
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
  return { cpuSeconds: ticks / TICKS_PER_SECOND, memoryBytes: pssKib * 1024 };
}

async function pidsOf({ pid, commandLine = '' }: WatchedProcess): Promise<number[]> {
  if (pid) return [pid];
  const pids = (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry)).map(Number);
  const matching = await Promise.all(
    pids.map((candidate) =>
      readFile(`/proc/${candidate}/cmdline`, 'utf8').then(
        (line) => (line.includes(commandLine) ? candidate : undefined),
        () => undefined,
      ),
    ),
  );
  return matching.filter((candidate): candidate is number => candidate !== undefined);
}

export interface ProcessFigures {
  name: string;
  cpuSeconds: number;
  /** CPU seconds per second of the watch: 1.0 is one core busy all along. */
  cores: number;
  memoryStartMiB: number;
  memoryPeakMiB: number;
  memoryEndMiB: number;
}

/**
 * One watched process, or group of them: the CPU each pid used since the watch first saw it
 * (all of it for a pid born meanwhile, a backend opened for the lesson), kept when it exits,
 * and their memory together.
 */
function tracker(watched: WatchedProcess) {
  const cpu = new Map<number, { first: number; last: number }>();
  const memory: number[] = [];
  let firstRound = true;
  return {
    async sample(): Promise<void> {
      const pids = await pidsOf(watched);
      const readings = await Promise.all(
        pids.map((pid) => readProcess(pid).catch(() => undefined)),
      );
      let total = 0;
      readings.forEach((reading, index) => {
        const pid = pids[index];
        if (!reading || pid === undefined) return;
        const seen = cpu.get(pid);
        cpu.set(pid, {
          first: seen?.first ?? (firstRound ? reading.cpuSeconds : 0),
          last: reading.cpuSeconds,
        });
        total += reading.memoryBytes;
      });
      memory.push(total);
      firstRound = false;
    },
    figures(seconds: number): ProcessFigures {
      const mib = (bytes: number | undefined) => (bytes ?? 0) / 2 ** 20;
      const cpuSeconds = [...cpu.values()].reduce((sum, { first, last }) => sum + last - first, 0);
      return {
        name: watched.name,
        cpuSeconds,
        cores: cpuSeconds / seconds,
        memoryStartMiB: mib(memory[0]),
        memoryPeakMiB: mib(Math.max(...memory)),
        memoryEndMiB: mib(memory.at(-1)),
      };
    },
  };
}

/**
 * Samples the processes every `intervalMs` until `stop()`, which answers each one's CPU used
 * since the start and its memory at the start, at its peak and at the end.
 */
export async function watchProcesses(processes: WatchedProcess[], intervalMs = 1_000) {
  const started = performance.now();
  const trackers = processes.map(tracker);
  const sample = () => Promise.all(trackers.map((each) => each.sample()));
  await sample();
  const timer = setInterval(() => void sample(), intervalMs);
  return {
    async stop(): Promise<ProcessFigures[]> {
      clearInterval(timer);
      await sample();
      const seconds = (performance.now() - started) / 1000;
      return trackers.map((each) => each.figures(seconds));
    },
  };
}

/** The memory of one process now (its proportional set size), in MiB. */
export const memoryMiBOf = async (pid: number) => (await readProcess(pid)).memoryBytes / 2 ** 20;
