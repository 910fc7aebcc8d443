/**
 * PostgreSQL's and the network's ways of saying the database is out of reach for now: the server
 * shutting down or starting (57P01-57P03), a lost connection (class 08), a refused or reset socket,
 * the pool timing out or its client cut off.
 */
const CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
]);
const MESSAGES =
  /Connection terminated|terminating connection|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)/i;

/** Whether a failure means the database is briefly unavailable (worth trying again), its causes included. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && CODES.has(code)) return true;
    if (current instanceof Error && MESSAGES.test(current.message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
