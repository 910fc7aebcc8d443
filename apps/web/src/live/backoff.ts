const FIRST_MS = 1_000;
const MAX_MS = 30_000;

/**
 * How long to wait before reconnect attempt `attempt` (0 first): 1 s doubling up to 30 s, spread
 * over half to all of that so consoles that lost the server together do not return in step.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_MS, FIRST_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling * (0.5 + random() / 2));
}
