/**
 * When a failed delivery is tried again (docs/integrations.md, "Retries"): after the first try
 * fails, 1 minute, then 5 minutes, 30 minutes, 2 hours, 6 hours, 12 hours and 24 hours, each
 * wait moved by up to a tenth either way (jitter, so receivers that come back are not hit by
 * every sender at once). Eight tries over about 45 hours; after the last the delivery is failed.
 */
export const RETRY_SCHEDULE_SECONDS = [60, 300, 1800, 7200, 21_600, 43_200, 86_400] as const;

/** Tries in all: the first and one per step of the schedule. */
export const MAX_ATTEMPTS = RETRY_SCHEDULE_SECONDS.length + 1;

/** How far a wait may move either way. */
export const JITTER = 0.1;

/**
 * The wait (ms) before the next try after `attempts` tries failed, or undefined when the
 * schedule is over. `random` in [0, 1) places the wait within the jitter.
 */
export function retryDelayMs(attempts: number, random: number = Math.random()): number | undefined {
  const seconds = RETRY_SCHEDULE_SECONDS[attempts - 1];
  if (seconds === undefined || attempts < 1) return undefined;
  return Math.round(seconds * 1000 * (1 + JITTER * (2 * random - 1)));
}
