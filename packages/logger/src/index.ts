import { type DestinationStream, type Logger, type LoggerOptions, pino } from 'pino';

export type { Logger };

/** One structured JSON line per event; credentials never reach the log. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-xsrf-token"]',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
  };
}

/** Logs to standard output, or to `destination` (tests read every line there). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return destination ? pino(loggerOptions(level), destination) : pino(loggerOptions(level));
}
