import pino, { type Logger } from 'pino';

export type { Logger };

/** Paths never written to logs. */
const redact = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'password',
  '*.password',
  'api_key',
  '*.api_key',
  'token',
  '*.token',
  'credentials',
  '*.credentials',
  'config.auth_token',
  'secretAccessKey',
];

/** The one root logger: JSON in production, pretty in a terminal. Children carry ids. */
export function createLogger(options: { level: string; name?: string; pretty?: boolean }): Logger {
  const pretty = options.pretty ?? (process.stdout.isTTY && process.env.NODE_ENV !== 'production');
  return pino({
    name: options.name,
    level: options.level,
    redact: { paths: redact, censor: '[redacted]' },
    transport: pretty
      ? { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } }
      : undefined,
  });
}
