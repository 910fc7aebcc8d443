/**
 * Parameters as they travel: every value a string (query or form body). Numbers are written in
 * decimal, flags as "1" and "0", and a parameter that is undefined or null is not sent at all.
 */

export type WireValue = string | number | boolean | null | undefined;
export type WireParams = Readonly<Record<string, WireValue>>;

/** The parameters as strings, those without a value left out. */
export function wireParams(params: WireParams): Record<string, string> {
  const wire: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null)
      wire[key] = typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
  }
  return wire;
}

/**
 * Strictly increasing timestamps (milliseconds, never behind the clock): two calls of one client
 * never share a signature by accident, so the server's replay check never refuses an honest call.
 */
export class Timestamps {
  private last = 0;

  next(): number {
    this.last = Math.max(Date.now(), this.last + 1);
    return this.last;
  }
}
