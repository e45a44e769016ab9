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
  'credential_data',
  '*.credential_data',
  'config.auth_token',
  'secretAccessKey',
];

/**
 * Path segments that are credentials themselves (public download tokens). Query strings are never logged:
 * status-callback tokens and upload signatures travel there.
 */
const SECRET_PATH_SEGMENTS = [/(\/public\/download\/workflow\/)[^/]+/];

/** A request URL as logs keep it: the path without its query string, token segments masked. */
function loggableUrl(url: string): string {
  const path = url.split('?', 1)[0] ?? '';
  return SECRET_PATH_SEGMENTS.reduce((masked, pattern) => masked.replace(pattern, '$1[redacted]'), path);
}

/** What a request log line says of the request (Fastify's own serializer logs the full URL). */
interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * The one root logger: JSON in production, pretty in a terminal. Children carry ids. Keys are snake_case like the
 * API's fields (`campaign_id`, `contact_id`, `attempt_id`, `run_id`), so one query follows a contact from its import
 * to its run.
 */
export function createLogger(options: {
  level: string;
  name?: string;
  pretty?: boolean;
  /** Where lines go instead of stdout (tests read them). */
  destination?: pino.DestinationStream;
}): Logger {
  const pretty = options.pretty ?? (process.stdout.isTTY && process.env.NODE_ENV !== 'production');
  const settings: pino.LoggerOptions = {
    name: options.name,
    level: options.level,
    redact: { paths: redact, censor: '[redacted]' },
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: loggableUrl(req.url ?? ''),
        host: req.host,
        remote_address: req.ip,
        remote_port: req.socket?.remotePort,
      }),
      res: (res: { statusCode?: number }) => ({ status_code: res.statusCode }),
    },
    transport:
      pretty && !options.destination
        ? { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } }
        : undefined,
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}
