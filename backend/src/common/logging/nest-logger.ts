import type { LoggerService } from '@nestjs/common';
import type { Level, Logger } from 'pino';
import { requestLogger } from './logger';

/** Nest's own start-up chatter (modules loaded, routes mapped): debug, not one info line per route. */
const FRAMEWORK_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication']);

const STACK = /\n\s+at /;

/**
 * Nest's LoggerService on pino: every `new Logger('Mail').log(…)` of the app, and Nest's own messages, become pino
 * lines with their `context`; inside a request, the request's logger writes them, so they carry its `requestId`.
 * Nest calls `log(message, context)`, and `error(message, stack, context)` for errors.
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly root: Logger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }

  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(level: Level, message: unknown, params: unknown[]): void {
    const rest = [...params];
    const fields: Record<string, unknown> = {};
    if (rest.length && typeof rest.at(-1) === 'string' && !STACK.test(rest.at(-1) as string)) fields.context = rest.pop();
    if (level === 'info' && FRAMEWORK_CONTEXTS.has(fields.context as string)) level = 'debug';
    if (typeof rest[0] === 'string' && STACK.test(rest[0])) fields.stack = rest.shift();
    if (rest.length) fields.params = rest;
    const logger = requestLogger() ?? this.root;
    if (message instanceof Error) logger[level]({ ...fields, err: message }, message.message);
    else if (typeof message === 'object' && message !== null) logger[level]({ ...fields, ...message });
    else logger[level](fields, String(message));
  }
}
