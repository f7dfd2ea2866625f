import type { Caller } from '../bench-targets/class';
import { memoryNow } from '../bench-targets/measures';
import { sleep, startBox, terminalTicket, untilRunning } from './box';
import { type BoxMemory, boxMemory } from './box-memory';
import { type BrowserTerminal, openTerminal, resize, showsPrompt } from './terminal';

/** How long the boxes sit at their prompt before memory is read. */
const IDLE_MS = 3_000;

const reasons = (settled: PromiseSettledResult<unknown>[]) =>
  settled.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []));

const fulfilled = <T>(settled: PromiseSettledResult<T>[]) =>
  settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));

/** Every student presses Start at once and checks the status until their box runs. */
async function startAtOnce(students: Caller[], classroomId: string) {
  const since = performance.now();
  const settled = await Promise.allSettled(
    students.map(async (student) => {
      const boxId = await startBox(student, classroomId);
      await untilRunning(student, boxId);
      return { student, boxId, running: performance.now() - since };
    }),
  );
  return {
    boxes: fulfilled(settled),
    failures: reasons(settled),
    allMs: performance.now() - since,
  };
}

/**
 * Every running box's terminal opened at once as the page opens it; each waits for its shell's
 * prompt, types one key and waits for its echo, then clears the line. The terminals stay open.
 */
async function openAtOnce(
  boxes: { student: Caller; boxId: string }[],
  opened: (terminal: BrowserTerminal) => void,
) {
  const since = performance.now();
  const settled = await Promise.allSettled(
    boxes.map(async ({ student, boxId }) => {
      const terminal = await openTerminal(await terminalTicket(student, boxId));
      opened(terminal);
      resize(terminal);
      await terminal.screen.until('no prompt', showsPrompt);
      const mark = terminal.screen.text.length;
      terminal.type('x');
      await terminal.screen.until('no echo', (text) => text.slice(mark).includes('x'));
      const answered = performance.now() - since;
      terminal.type('\x15');
      return { boxId, answered };
    }),
  );
  return {
    answering: fulfilled(settled),
    failures: reasons(settled),
    allMs: performance.now() - since,
  };
}

/** HackClass's memory after collecting garbage, buffers off the heap (sockets') included. */
const processMemory = () => ({ ...memoryNow(), external: process.memoryUsage().external });
export type ProcessMemory = ReturnType<typeof processMemory>;

export interface Crowd {
  /** Milliseconds from the common Start until each box was seen running, and until all were. */
  running: number[];
  runningMs: number;
  /** From the common opening of the terminals until each echoed a key, and until all had. */
  answering: number[];
  answeringMs: number;
  failures: string[];
  /** Each answering box's memory, idle at its prompt. */
  boxes: BoxMemory[];
  /** HackClass's own memory before the terminals were opened, and with them open. */
  before: ProcessMemory;
  after: ProcessMemory;
}

/**
 * The students start their boxes at once; once all run, all open their terminals at once and
 * each answers a keystroke; then, the boxes idle at their prompts, the memory is read.
 * `opened` is told of each terminal, for the clean-up.
 */
export async function classAtOnce(
  students: Caller[],
  classroomId: string,
  opened: (terminal: BrowserTerminal) => void,
): Promise<Crowd> {
  const started = await startAtOnce(students, classroomId);
  const before = processMemory();
  const terminals = await openAtOnce(started.boxes, opened);
  await sleep(IDLE_MS);
  const after = processMemory();
  return {
    running: started.boxes.map((one) => one.running),
    runningMs: started.allMs,
    answering: terminals.answering.map((one) => one.answered),
    answeringMs: terminals.allMs,
    failures: [...started.failures, ...terminals.failures],
    boxes: await boxMemory(terminals.answering.map((one) => one.boxId)),
    before,
    after,
  };
}
