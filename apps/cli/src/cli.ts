import { type Command, type CommandIo, UsageError } from './command';

const EXIT_OK = 0;
const EXIT_FAILURE = 1;
const EXIT_USAGE = 2;

function commandList(commands: Command[]): string {
  const width = Math.max(...commands.map((command) => command.name.length));
  const lines = commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`);
  return [
    'Usage: npx hackclass <command> [arguments]',
    '',
    'Commands:',
    ...lines,
    '',
    'Run `npx hackclass help <command>` for its arguments. Settings come from the environment',
    'and the .env file, as for the server.',
    '',
  ].join('\n');
}

const isHelp = (arg: string) => arg === '--help' || arg === '-h';

/**
 * Failures the operator can fix from the message alone: no stack. Known by name rather than by
 * `instanceof`, so that `--help` need not load the packages that throw them.
 */
const explainedErrors: ReadonlySet<string> = new Set([
  'CommandError',
  'ConfigError',
  'DataDirLockedError',
  'DataDirOpenError',
  'SchemaBehindError',
]);
const isExplained = (error: unknown) => error instanceof Error && explainedErrors.has(error.name);

/** Runs `hackclass <argv>` and resolves to the exit code: 0 ok, 1 failure, 2 usage error. */
export async function runCli(argv: string[], io: CommandIo, commands: Command[]): Promise<number> {
  const [name, ...args] = argv;
  const find = (wanted: string | undefined) => commands.find((command) => command.name === wanted);
  if (name === undefined) {
    io.err(commandList(commands));
    return EXIT_USAGE;
  }
  if (name === 'help' || isHelp(name)) {
    const topic = args[0];
    if (topic === undefined) {
      io.out(commandList(commands));
      return EXIT_OK;
    }
    const command = find(topic);
    if (!command) {
      io.err(`Unknown command "${topic}". Run \`npx hackclass help\` for the list.\n`);
      return EXIT_USAGE;
    }
    io.out(`${command.usage}\n`);
    return EXIT_OK;
  }
  const command = find(name);
  if (!command) {
    io.err(`Unknown command "${name}". Run \`npx hackclass help\` for the list.\n`);
    return EXIT_USAGE;
  }
  const beforeSeparator = args.includes('--') ? args.slice(0, args.indexOf('--')) : args;
  if (beforeSeparator.some(isHelp)) {
    io.out(`${command.usage}\n`);
    return EXIT_OK;
  }
  try {
    return await command.run(args, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${command.usage}\n`);
      return EXIT_USAGE;
    }
    if (isExplained(error)) {
      io.err(`${(error as Error).message}\n`);
      return EXIT_FAILURE;
    }
    io.err(`hackclass ${name} failed: ${(error as Error)?.stack ?? String(error)}\n`);
    return EXIT_FAILURE;
  }
}
