import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable';

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('telling a database out of reach from other failures', () => {
  it.each([
    ['the server terminating the connection', pgError('57P01', 'terminating connection due to administrator command')],
    ['the server starting up', pgError('57P03', 'the database system is starting up')],
    ['a lost connection', pgError('08006', 'connection failure')],
    ['a refused socket', pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['the client cut off', new Error('Connection terminated unexpectedly')],
    ['the pool timing out', new Error('timeout exceeded when trying to connect')],
    [
      'a query error wrapping a lost connection',
      Object.assign(new Error('Failed query: select 1'), { cause: pgError('57P01', 'x') }),
    ],
  ])('%s is unavailability', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error', pgError('42601', 'syntax error at or near "x"')],
    ['a plain bug', new TypeError('cannot read properties of undefined')],
    ['nothing', undefined],
  ])('%s is not', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
