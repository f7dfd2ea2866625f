import { megabytes, spread } from '../bench-targets/measures';
import { STATUS_POLL_MS } from './box';
import type { Crowd, ProcessMemory } from './crowd';
import { mean, percentiles, quantiles } from './figures';
import type { PromptTimes } from './first-prompt';

/** The keystroke round trip the terminal must keep under, at its median, on loopback. */
export const GOAL_P50_MS = 20;

const ms = (value: number | undefined) => `${Math.round(value ?? Number.NaN)} ms`;
const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;

/** Prints the starts' figures; answers the summary's line. */
export function reportStarts(starts: PromptTimes[]): string {
  const part = (of: (times: PromptTimes) => number) => spread(starts.map(of));
  console.log(
    '   Measured: POST /classrooms/:id/box → the terminal WebSocket shows the shell’s prompt ' +
      `(screen ends in "$ " or "# "); status checked every ${STATUS_POLL_MS} ms, then ticket, ` +
      'WebSocket, resize; each box stopped (and `stopped`) before the next start.',
  );
  console.log(`   start → prompt:                    ${part((t) => t.prompt)}`);
  console.log(`     the API's answer to Start:       ${part((t) => t.answered)}`);
  console.log(`     start → running (status check):  ${part((t) => t.running)}`);
  console.log(`     running → terminal open:         ${part((t) => t.opened - t.running)}`);
  console.log(`     running → first screen byte:     ${part((t) => t.firstByte - t.running)}`);
  console.log(`     first screen byte → prompt:      ${part((t) => t.prompt - t.firstByte)}`);
  console.log(`   (Stop → status says stopped:       ${part((t) => t.stopping)})`);
  const [p50, p95] = percentiles(
    starts.map((t) => t.prompt),
    50,
    95,
  );
  const [running] = percentiles(
    starts.map((t) => t.running),
    50,
  );
  const [firstByte] = percentiles(
    starts.map((t) => t.firstByte - t.running),
    50,
  );
  return (
    `Box start → prompt (${starts.length} in turn): p50 ${ms(p50)}, p95 ${ms(p95)}` +
    ` (start → running p50 ${ms(running)}, running → first byte p50 ${ms(firstByte)})`
  );
}

/** Prints the keystrokes' figures; answers the summary's line and whether the goal is met. */
export function reportKeystrokes({ engine, hackclass }: { engine: number[]; hackclass: number[] }) {
  const [p50 = Number.NaN, p99 = Number.NaN] = percentiles(hackclass, 50, 99);
  const [engineP50 = Number.NaN] = percentiles(engine, 50);
  const met = p50 < GOAL_P50_MS;
  const verdict = `goal p50 < ${GOAL_P50_MS} ms: ${met ? 'met' : 'NOT met'}`;
  console.log('   through HackClass (WebSocket → engine attach → TTY echo → WebSocket):');
  console.log(`     ${quantiles(hackclass, [50, 99], 2)}`);
  console.log('   straight on the engine’s attach (HackClass left out), for comparison:');
  console.log(`     ${quantiles(engine, [50, 99], 2)}`);
  console.log(`   ${verdict}`);
  return {
    met,
    line:
      `Keystroke round trip (${hackclass.length}): p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms` +
      ` (engine's attach alone p50 ${engineP50.toFixed(2)} ms); ${verdict}`,
  };
}

/** Prints the class's figures; answers the summary's lines. */
export function reportCrowd(crowd: Crowd, students: number, memoryLimitMb: number): string[] {
  const ready = crowd.answering.length;
  const total = crowd.runningMs + crowd.answeringMs;
  console.log(
    `   all press Start → all running:        ${seconds(crowd.runningMs)}` +
      ` (each box: ${spread(crowd.running)})`,
  );
  console.log(
    `   then all open their terminals → all at the prompt, echoing a key: ${seconds(crowd.answeringMs)}` +
      ` (each: ${spread(crowd.answering)})`,
  );
  console.log(`   Start → all ${ready} terminals answering: ${seconds(total)}`);
  console.log(`   failures: ${crowd.failures.length}`);
  for (const failure of crowd.failures) console.log(`     ${failure}`);
  const outcome =
    `${students} boxes at once: all running ${seconds(crowd.runningMs)},` +
    ` all ${ready} terminals answering ${seconds(total)} after Start; failures ${crowd.failures.length}`;
  if (ready === 0) return [outcome];
  const used = crowd.boxes.map((box) => box.used);
  const processes = crowd.boxes.map((box) => box.processes);
  console.log(`   memory per box, idle at its prompt (limit ${memoryLimitMb} MB):`);
  console.log(
    `     the box's cgroup as docker stats counts it: mean ${megabytes(mean(used))}, max ${megabytes(Math.max(...used))}`,
  );
  console.log(
    `     its processes' RSS added up (shared image pages counted in each box): mean ${megabytes(mean(processes))}, max ${megabytes(Math.max(...processes))}`,
  );
  const per = (of: (memory: ProcessMemory) => number) =>
    kilobytes((of(crowd.after) - of(crowd.before)) / ready);
  console.log(
    `   HackClass process per open terminal: RSS ${per((m) => m.rss)}, JavaScript heap ${per((m) => m.heapUsed)},` +
      ` buffers off the heap ${per((m) => m.external)}`,
  );
  console.log(
    `     (RSS ${megabytes(crowd.before.rss)} → ${megabytes(crowd.after.rss)} with ${ready} terminals opened;` +
      ' RSS keeps pages freed since the starts, so the heap says more)',
  );
  return [
    outcome,
    `Memory per idle box: mean ${megabytes(mean(used))}, max ${megabytes(Math.max(...used))}` +
      ` (processes' RSS mean ${megabytes(mean(processes))}); HackClass per open terminal:` +
      ` RSS ${per((m) => m.rss)}, heap ${per((m) => m.heapUsed)}, off-heap ${per((m) => m.external)}`,
  ];
}
