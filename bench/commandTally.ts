/**
 * Every command of a throughput run counted: sent once, run once by its gateway, answered once.
 * A command never answered is lost; one sent, run or answered twice is a duplicate. `problems()`
 * names each breach, so a benchmark can fail loudly instead of printing a rate over bad work.
 */
export class CommandTally {
  private readonly sentCount = new Map<string, number>();
  private readonly ranCount = new Map<string, number>();
  private readonly answeredCount = new Map<string, number>();

  sent(id: string): void {
    this.sentCount.set(id, (this.sentCount.get(id) ?? 0) + 1);
  }

  /** The gateway ran it (the fleet's command report, or the echo gateway's receipt). */
  ran(id: string): void {
    this.ranCount.set(id, (this.ranCount.get(id) ?? 0) + 1);
  }

  answered(id: string): void {
    this.answeredCount.set(id, (this.answeredCount.get(id) ?? 0) + 1);
  }

  get sentTotal(): number {
    return this.sentCount.size;
  }

  get answeredTotal(): number {
    return this.answeredCount.size;
  }

  /** What went wrong, in words; empty when every command was sent, run and answered exactly once. */
  problems(): string[] {
    const problems: string[] = [];
    const twice = (counts: Map<string, number>) => [...counts.values()].filter((n) => n > 1).length;
    const missing = (counts: Map<string, number>) => [...this.sentCount.keys()].filter((id) => !counts.has(id)).length;
    if (twice(this.sentCount)) problems.push(`${twice(this.sentCount)} sent more than once`);
    if (missing(this.ranCount)) problems.push(`${missing(this.ranCount)} never run by a gateway`);
    if (twice(this.ranCount)) problems.push(`${twice(this.ranCount)} run more than once`);
    if (missing(this.answeredCount)) problems.push(`${missing(this.answeredCount)} never answered (lost)`);
    if (twice(this.answeredCount)) problems.push(`${twice(this.answeredCount)} answered more than once`);
    const unknown = [...this.answeredCount.keys()].filter((id) => !this.sentCount.has(id)).length;
    if (unknown) problems.push(`${unknown} answers to commands never sent`);
    return problems;
  }

  /** "3000 sent, 3000 run, 3000 answered, each exactly once" or the problems. */
  summary(): string {
    const problems = this.problems();
    return problems.length
      ? `COUNT FAILED: ${problems.join('; ')}`
      : `${this.sentTotal} sent, ${this.ranCount.size} run, ${this.answeredTotal} answered, each exactly once`;
  }
}
