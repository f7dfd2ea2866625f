import type { Caller } from '../bench-targets/class';
import { startBox, stopBox, terminalTicket, untilRunning } from './box';
import { openTerminal, resize, showsPrompt } from './terminal';

/** Milliseconds from the student's Start. */
export interface PromptTimes {
  /** The API's answer to Start (the box row made, `starting`). */
  answered: number;
  /** The first status check that says `running`. */
  running: number;
  /** The terminal's WebSocket open (ticket asked, socket upgraded). */
  opened: number;
  /** The first screen byte on the terminal's WebSocket. */
  firstByte: number;
  /** The screen ends with the shell's prompt (`$ ` or `# `). */
  prompt: number;
  /** Stop pressed → the status says `stopped` (not part of the above). */
  stopping: number;
}

/**
 * One student starts their box, checks its status until it runs, opens its terminal as the page
 * does and waits for the shell's prompt on it; then stops the box and waits until it is stopped.
 */
export async function startToPrompt(student: Caller, classroomId: string): Promise<PromptTimes> {
  const since = performance.now();
  const boxId = await startBox(student, classroomId);
  const answered = performance.now() - since;
  await untilRunning(student, boxId);
  const running = performance.now() - since;
  const terminal = await openTerminal(await terminalTicket(student, boxId));
  try {
    resize(terminal);
    const firstByte = (await terminal.screen.until('no screen', (text) => text.length > 0)) - since;
    const prompt = (await terminal.screen.until('no prompt', showsPrompt)) - since;
    const opened = terminal.opened - since;
    terminal.close();
    const stopAt = performance.now();
    await stopBox(student, boxId);
    return { answered, running, opened, firstByte, prompt, stopping: performance.now() - stopAt };
  } finally {
    terminal.close();
  }
}
