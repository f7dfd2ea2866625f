import { runConnect, USAGE } from '@hackclass/tunnel-client';
import type { Command } from '../command';

const EXIT_USAGE = 2;

export const connectCommand: Command = {
  name: 'connect',
  summary: 'connect <tunnel URL> --token <token>: reach a TCP target from this machine',
  usage: [
    USAGE.replace('hackclass', 'npx hackclass'),
    '',
    'Listens on a local port (4000 unless --port says otherwise; 0 picks a free one) and relays',
    'every connection made to it to the live TCP target, through HackClass. The URL and the token',
    'come from the target on its lab page (Connect from your machine). Runs until Ctrl+C.',
  ].join('\n'),
  async run(args, io) {
    // The client says what is wrong with the arguments itself, with its usage line.
    const tunnel = await runConnect(args, io);
    if (!tunnel) return EXIT_USAGE;
    await io.untilInterrupted();
    await tunnel.close();
    return 0;
  },
};
