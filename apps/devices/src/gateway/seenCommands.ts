import { z } from 'zod';

export const seenCommandSchema = z.object({ id: z.string(), deadline: z.number() });
export type SeenCommand = z.infer<typeof seenCommandSchema>;

/**
 * The ids of commands a gateway has admitted, each kept until its deadline has passed: after
 * that, another copy would be refused as expired anyway, so the id can be forgotten.
 */
export class SeenCommands {
  private readonly deadlines = new Map<string, number>();

  constructor(entries: readonly SeenCommand[] = []) {
    for (const entry of entries) this.deadlines.set(entry.id, entry.deadline);
  }

  has(id: string): boolean {
    return this.deadlines.has(id);
  }

  remember(id: string, deadline: number, now: number): void {
    this.forgetExpired(now);
    this.deadlines.set(id, deadline);
  }

  /** Forgets ids whose deadline has passed; returns how many. */
  forgetExpired(now: number): number {
    let forgotten = 0;
    for (const [id, deadline] of this.deadlines) {
      if (deadline < now) {
        this.deadlines.delete(id);
        forgotten++;
      }
    }
    return forgotten;
  }

  /**
   * The memory `admitCommand` consults at `now`: it records an id with the command's deadline
   * (admitCommand adds an id only once the signature and deadline are right).
   */
  at(now: number): { has(id: string): boolean; add(id: string, deadline: number): void } {
    return {
      has: (id) => this.has(id),
      add: (id, deadline) => this.remember(id, deadline, now),
    };
  }

  get size(): number {
    return this.deadlines.size;
  }

  snapshot(): SeenCommand[] {
    return [...this.deadlines].map(([id, deadline]) => ({ id, deadline }));
  }
}
