import { randomInt } from 'node:crypto';

const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A new order number: "SL", the UTC date and time to the second, and 6 random characters. */
export function newOrderNo(now = Date.now()): string {
  const stamp = new Date(now).toISOString().replace(/\D/g, '').slice(0, 14);
  let suffix = '';
  for (let i = 0; i < 6; i++) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return `SL${stamp}${suffix}`;
}
