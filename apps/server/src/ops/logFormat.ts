import pretty from 'pino-pretty';
import type { Config } from '../config';

export type LogFormat = 'json' | 'pretty';

/**
 * How the log is written: LOG_FORMAT when set; else readable lines in development on a
 * terminal (`npm start`), and JSON everywhere else (production, a pipe, a file, the tests),
 * where log collectors and the browser suite read it.
 */
export function logFormatFor(config: Pick<Config, 'NODE_ENV' | 'LOG_FORMAT'>, stdoutIsTerminal: boolean): LogFormat {
  return config.LOG_FORMAT ?? (config.NODE_ENV === 'development' && stdoutIsTerminal ? 'pretty' : 'json');
}

/** One readable, coloured line per entry (pino-pretty): time, level, message, then its fields. */
export function prettyLog(destination?: NodeJS.WritableStream): NodeJS.WritableStream {
  return pretty({
    colorize: destination === undefined,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    sync: true,
    ...(destination ? { destination } : {}),
  });
}
