import { readFileSync, statSync } from 'node:fs';
import type { z } from 'zod';

/** How often, at most, a watched file is checked for a change (ms). */
export const WATCH_INTERVAL_MS = 2000;

export interface WatchOptions {
  /** The clock the checks are spaced by (epoch ms); tests move it instead of waiting. */
  now?: () => number;
}

/**
 * A JSON file an operator edits while the server runs (brands, prices): checked with its schema
 * at start (a broken file stops the start, every problem named), then read again at most every
 * two seconds when it changed; a broken edit keeps the last good content.
 */
export class WatchedJsonFile<T> {
  private loadedMtime = -1;
  private checkedAt = 0;
  private value!: T;
  private readonly now: () => number;

  constructor(
    readonly file: string,
    private readonly schema: z.ZodType<T, unknown>,
    /** What the file is, for the start-up error ("Brands file"). */
    private readonly label: string,
    /** Turns the parsed content into what callers use (may throw to refuse it). */
    private readonly complete: (parsed: T) => T = (parsed) => parsed,
    options: WatchOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.reload();
  }

  private reload(): void {
    const mtime = statSync(this.file).mtimeMs;
    if (mtime === this.loadedMtime) return;
    const parsed = this.schema.safeParse(JSON.parse(readFileSync(this.file, 'utf8')));
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
      throw new Error(`${this.label} ${this.file} is invalid: ${problems}`);
    }
    this.value = this.complete(parsed.data);
    this.loadedMtime = mtime;
  }

  /** The content, read again first when the file changed. */
  get current(): T {
    const now = this.now();
    if (now - this.checkedAt >= WATCH_INTERVAL_MS) {
      this.checkedAt = now;
      try {
        this.reload();
      } catch {
        // Keep serving the last good content; the start-up load reports errors loudly.
      }
    }
    return this.value;
  }
}
