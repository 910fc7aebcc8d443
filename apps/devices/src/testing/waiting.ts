/**
 * How long a devices test waits for a state before it fails. Only a failing run waits this long:
 * generous for a loaded machine, and shorter than a test's own time limit (5 s), so that a
 * failure says what it was waiting for.
 */
export const WAIT_MS = 4_000;

/** `expect.poll` options: wait on state up to WAIT_MS, looking again every 10 ms. */
export const POLL = { timeout: WAIT_MS, interval: 10 } as const;
