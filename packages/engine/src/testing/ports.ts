import { randomInt } from 'node:crypto';

const FIRST = 61_000;
const LAST = 65_499;

/**
 * A window of `size` ports for a test's LAB_PORT_RANGE, at random in 61000-65499: above Linux's
 * ephemeral ports (32768-60999), which the machine's outgoing connections take (a target's port
 * taken that way fails its start), and apart from other test files' windows.
 */
export function testPortWindow(size: number): { first: number; last: number } {
  const first = FIRST + randomInt(Math.floor((LAST - FIRST + 1) / size)) * size;
  return { first, last: first + size - 1 };
}
