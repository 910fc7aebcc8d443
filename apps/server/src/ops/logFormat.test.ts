import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { logFormatFor, prettyLog } from './logFormat';

describe('the log format', () => {
  it('is readable lines in development on a terminal, JSON in production, in a pipe and in tests', () => {
    expect(logFormatFor({ NODE_ENV: 'development', LOG_FORMAT: undefined }, true)).toBe('pretty');
    expect(logFormatFor({ NODE_ENV: 'development', LOG_FORMAT: undefined }, false)).toBe('json');
    expect(logFormatFor({ NODE_ENV: 'production', LOG_FORMAT: undefined }, true)).toBe('json');
    expect(logFormatFor({ NODE_ENV: 'test', LOG_FORMAT: undefined }, true)).toBe('json');
  });

  it('is what LOG_FORMAT says when it is set', () => {
    expect(logFormatFor({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
    expect(logFormatFor({ NODE_ENV: 'development', LOG_FORMAT: 'json' }, true)).toBe('json');
  });

  it('writes one readable line per entry with its message and fields, no JSON', () => {
    const lines: string[] = [];
    const out = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const log = pino({}, prettyLog(out));
    log.info({ req: { method: 'GET', url: '/v3/lock/list' }, res: { statusCode: 200 } }, 'request completed');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: request completed /);
    expect(lines[0]).toContain('"url":"/v3/lock/list"');
    expect(lines[0]).not.toMatch(/"level":|"msg":|"pid":/);
  });
});
