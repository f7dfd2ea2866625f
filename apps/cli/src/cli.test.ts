import { describe, expect, it } from 'vitest';
import { memoryIo } from '../testing/io';
import { runCli } from './cli';
import { type Command, CommandError, parseCommandArgs } from './command';

const echo: Command = {
  name: 'echo',
  summary: 'writes its words',
  usage: 'Usage: npx hackclass echo <word>… [--loud]',
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, { loud: { type: 'boolean' } });
    if (positionals[0] === 'fail') throw new CommandError('echo cannot say fail');
    if (positionals[0] === 'crash') throw new Error('unexpected');
    const words = positionals.join(' ');
    io.out(`${values.loud ? words.toUpperCase() : words}\n`);
    return 0;
  },
};

const run = async (...argv: string[]) => {
  const io = memoryIo();
  const code = await runCli(argv, io, [echo]);
  return { code, out: io.stdout(), err: io.stderr() };
};

describe('the command dispatcher', () => {
  it('runs a command with its arguments', async () => {
    expect(await run('echo', 'hello', 'there', '--loud')).toEqual({
      code: 0,
      out: 'HELLO THERE\n',
      err: '',
    });
  });

  it('lists the commands for help, and shows a command’s usage', async () => {
    const help = await run('help');
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/Commands:\n {2}echo {2}writes its words/);
    for (const argv of [
      ['help', 'echo'],
      ['echo', '--help'],
    ]) {
      expect(await run(...argv)).toEqual({ code: 0, out: `${echo.usage}\n`, err: '' });
    }
  });

  it('answers usage errors with exit code 2', async () => {
    const none = await run();
    expect(none.code).toBe(2);
    expect(none.err).toContain('Commands:');
    const unknown = await run('ecoh');
    expect(unknown).toEqual({
      code: 2,
      out: '',
      err: 'Unknown command "ecoh". Run `npx hackclass help` for the list.\n',
    });
    const badOption = await run('echo', '--quiet');
    expect(badOption.code).toBe(2);
    expect(badOption.err).toContain("Unknown option '--quiet'");
    expect(badOption.err).toContain(echo.usage);
  });

  it('answers failures with exit code 1 and one message, a stack only when unexpected', async () => {
    expect(await run('echo', 'fail')).toEqual({
      code: 1,
      out: '',
      err: 'echo cannot say fail\n',
    });
    const crash = await run('echo', 'crash');
    expect(crash.code).toBe(1);
    expect(crash.err).toMatch(/^hackclass echo failed: Error: unexpected\n\s+at /);
  });
});
