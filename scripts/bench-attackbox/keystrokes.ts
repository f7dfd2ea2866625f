import type { Caller } from '../bench-targets/class';
import { startBox, stopBox, terminalTicket, untilRunning } from './box';
import { attachStraight } from './straight';
import { type BrowserTerminal, type Keyboard, openTerminal, resize, showsPrompt } from './terminal';

/**
 * One printable character at a time, each timed from its send until its echo shows, the next
 * sent only then; Ctrl-U clears the line every `lineLength` characters (untimed). Answers the
 * round trips in milliseconds.
 */
export async function keystrokeRoundTrips(
  keyboard: Keyboard,
  count: number,
  lineLength = 50,
): Promise<number[]> {
  const times: number[] = [];
  for (let index = 0; index < count; index++) {
    if (index > 0 && index % lineLength === 0) {
      keyboard.type('\x15');
      await keyboard.screen.anyMore(1_000);
      await keyboard.screen.quiet(20);
    }
    const key = String.fromCharCode(97 + (index % 26));
    const mark = keyboard.screen.text.length;
    const sent = performance.now();
    keyboard.type(key);
    const echoed = await keyboard.screen.until(`no echo of keystroke ${index + 1}`, (text) =>
      text.slice(mark).includes(key),
    );
    times.push(echoed - sent);
  }
  keyboard.type('\x15');
  await keyboard.screen.anyMore(1_000);
  return times;
}

/**
 * The student's box started and running: `count` keystrokes straight on the engine's attach
 * (the baseline), then as many through HackClass's terminal, opened as the page opens it; the
 * box is stopped afterwards. `opened` is told of the terminal, for the clean-up.
 */
export async function keystrokesOnABox(
  student: Caller,
  classroomId: string,
  count: number,
  opened: (terminal: BrowserTerminal) => void,
): Promise<{ engine: number[]; hackclass: number[] }> {
  const boxId = await startBox(student, classroomId);
  await untilRunning(student, boxId);
  const straight = await attachStraight(boxId);
  await straight.screen.quiet();
  const engine = await keystrokeRoundTrips(straight, count).finally(straight.close);
  const terminal = await openTerminal(await terminalTicket(student, boxId));
  opened(terminal);
  resize(terminal);
  await terminal.screen.until('no prompt', showsPrompt);
  // The screen so far (the straight run's keys too) is replayed on attach: all of it first.
  await terminal.screen.quiet();
  const hackclass = await keystrokeRoundTrips(terminal, count).finally(terminal.close);
  await stopBox(student, boxId);
  return { engine, hackclass };
}
