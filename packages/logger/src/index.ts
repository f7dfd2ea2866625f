import { type DestinationStream, type Logger, type LoggerOptions, pino } from 'pino';
import { REDACTED, redactQuery } from './redact-query';

export type { Logger };
export { redactQuery };

/** Headers that carry credentials, wherever a logged object holds them (`req`, `busboyOptions`). */
const SECRET_HEADERS = [
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["x-xsrf-token"]',
  '*.headers["set-cookie"]',
];

/** What Fastify logs of a request, its URL's secret query parameters hidden. */
interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** One structured JSON line per event; credentials, codes and tokens never reach the log. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: {
      paths: SECRET_HEADERS,
      censor: REDACTED,
    },
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: redactQuery(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    hooks: {
      // Messages that quote a URL ("Route GET:/… not found") are scrubbed like the req field.
      logMethod(args, method) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === 'string' ? redactQuery(arg) : arg)) as typeof args,
        );
      },
    },
  };
}

/** Logs to standard output, or to `destination` (tests read every line there). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return destination ? pino(loggerOptions(level), destination) : pino(loggerOptions(level));
}
