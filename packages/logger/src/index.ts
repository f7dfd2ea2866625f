import { type Logger, type LoggerOptions, pino } from 'pino';

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

export function createLogger(level: string): Logger {
  return pino(loggerOptions(level));
}
