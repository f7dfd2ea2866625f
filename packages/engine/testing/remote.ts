import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';

const IP = '/usr/sbin/ip';

/** Whether this process can make a network namespace to stand in for another machine. */
export const canMakeRemote = process.getuid?.() === 0 && existsSync(IP);

/**
 * "Another machine" on this one: a network namespace behind a veth pair, with a route back to
 * the host, in the benchmarking range 198.18.0.0/15 (RFC 2544), answering `remote-reached` to
 * every TCP connection on port 9000. Traffic to it leaves a target's network the way traffic to
 * the Internet would (forwarded by the host), yet never leaves this machine.
 */
export async function startRemote(): Promise<{
  address: string;
  linkLocal: string;
  /** A private address (RFC 1918) behind the remote, as a host of the school's LAN. */
  privateAddress: string;
  /** A documentation-range address behind the remote, as a host on the Internet. */
  internetAddress: string;
  port: number;
  remove(): void;
}> {
  const id = randomBytes(4).toString('hex');
  const namespace = `hctest-${id}`;
  // Not `hc…`: the guard's rules take every interface named so for a target's bridge.
  const hostSide = `rmtv${id}`;
  const remoteSide = `rmtp${id}`;
  const subnet = `198.18.${randomInt(0, 256)}`;
  const linkLocal = `169.254.${randomInt(1, 255)}.${randomInt(1, 255)}`;
  const privateAddress = `10.254.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  const internetAddress = `203.0.113.${randomInt(1, 255)}`;
  const inside = (...args: string[]) => execFileSync(IP, ['netns', 'exec', namespace, ...args]);
  let server: ChildProcess | undefined;
  const remove = () => {
    server?.kill();
    execFileSync(IP, ['netns', 'del', namespace], { stdio: 'ignore' });
  };
  try {
    execFileSync(IP, ['netns', 'add', namespace]);
    execFileSync(IP, ['link', 'add', hostSide, 'type', 'veth', 'peer', 'name', remoteSide]);
    execFileSync(IP, ['link', 'set', remoteSide, 'netns', namespace]);
    execFileSync(IP, ['addr', 'add', `${subnet}.1/30`, 'dev', hostSide]);
    execFileSync(IP, ['link', 'set', hostSide, 'up']);
    inside(IP, 'addr', 'add', `${subnet}.2/30`, 'dev', remoteSide);
    inside(IP, 'link', 'set', remoteSide, 'up');
    inside(IP, 'route', 'add', 'default', 'via', `${subnet}.1`);
    // A link-local address too, where clouds keep their metadata service.
    inside(IP, 'addr', 'add', `${linkLocal}/32`, 'dev', remoteSide);
    execFileSync(IP, ['route', 'add', `${linkLocal}/32`, 'dev', hostSide]);
    // Hosts beyond it: reached through the remote, as through a router.
    for (const beyond of [privateAddress, internetAddress]) {
      inside(IP, 'addr', 'add', `${beyond}/32`, 'dev', remoteSide);
      execFileSync(IP, ['route', 'add', `${beyond}/32`, 'via', `${subnet}.2`, 'dev', hostSide]);
    }
    server = spawn(
      IP,
      [
        'netns',
        'exec',
        namespace,
        '/bin/busybox',
        'nc',
        '-ll',
        '-p',
        '9000',
        '-e',
        '/bin/busybox',
        'echo',
        'remote-reached',
      ],
      { stdio: 'ignore' },
    );
  } catch (error) {
    remove();
    throw error;
  }
  const address = `${subnet}.2`;
  await answers(address, 9000);
  await answers(linkLocal, 9000);
  return { address, linkLocal, privateAddress, internetAddress, port: 9000, remove };
}

async function answers(host: string, port: number) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect({ host, port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The stand-in remote at ${host}:${port} does not answer`);
}
