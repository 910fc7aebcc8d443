/**
 * A background job every instance repeats: every `everyMs` while started, and at once when
 * kicked. Never two runs at once: a kick during a run brings one more run after it. A run's
 * failure goes to `onError` (the job's log line); the next run comes all the same.
 */
export class PeriodicRun {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private started = false;

  constructor(
    private readonly run: () => Promise<unknown>,
    private readonly everyMs: number,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Runs now, then every `everyMs`. */
  start(): void {
    this.started = true;
    this.timer = setInterval(() => this.kick(), this.everyMs);
    this.timer.unref();
    this.kick();
  }

  /** Runs soon (once more after a run under way), if started. */
  kick(): void {
    if (!this.started) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.run()
      .then(() => undefined, this.onError)
      .finally(() => {
        this.running = undefined;
        if (this.again && this.started) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Stops, and waits for the run under way. */
  async stop(): Promise<void> {
    this.started = false;
    this.again = false;
    clearInterval(this.timer);
    await this.running;
  }
}
