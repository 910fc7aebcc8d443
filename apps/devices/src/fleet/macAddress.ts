/**
 * A random MAC address in canonical form, locally administered and unicast (first byte
 * xxxxxx10), so it never collides with a real vendor's.
 */
export function randomMac(random: () => number = Math.random): string {
  const bytes = Array.from({ length: 6 }, () => Math.floor(random() * 256));
  bytes[0] = ((bytes[0] ?? 0) & 0xfc) | 0x02;
  if (bytes.slice(1).every((b) => b === 0)) bytes[5] = 1;
  return bytes.map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join(':');
}
