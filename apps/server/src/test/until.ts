/** How often `until` looks again. */
const POLL_MS = 50;

/**
 * Waits on state: polls `check` until it holds. `timeoutMs` is only how long a failing run waits
 * before it says so (a deadline, never a pause a passing run depends on). Free of the test
 * harness, so unit-tier tests may use it too.
 */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
