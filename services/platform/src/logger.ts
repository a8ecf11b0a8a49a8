import { pino, type Logger } from 'pino';

export type { Logger };

/** Everything that could identify a secret is redacted before a line is written. */
const redact = [
  'password',
  '*.password',
  '*.confirmPassword',
  '*.token',
  '*.thrivecart_secret',
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
];

export function createLogger(options: { level: string; name: string }): Logger {
  return pino({ level: options.level, name: options.name, redact: { paths: redact, censor: '[redacted]' } });
}
