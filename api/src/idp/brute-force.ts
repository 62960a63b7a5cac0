/**
 * Failed sign-ins per (username, IP) in memory (ASVS 2.2.1): after `limit` failures within `windowMs` the
 * pair is locked until the oldest failure leaves the window. A success clears the pair.
 */
export class FailedLoginTracker {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit = 10,
    private readonly windowMs = 15 * 60 * 1000,
    private readonly maxEntries = 100_000,
  ) {}

  private key(username: string, ip: string): string {
    return `${username.trim().toLowerCase()}\u0000${ip}`;
  }

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((at) => now - at < this.windowMs);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  /** Milliseconds until the pair may try again; 0 when it is not locked. */
  lockedFor(username: string, ip: string, now = Date.now()): number {
    const list = this.recent(this.key(username, ip), now);
    if (list.length < this.limit) return 0;
    return list[list.length - this.limit] + this.windowMs - now;
  }

  /** Failures within the window so far (used to slow down repeated attempts). */
  count(username: string, ip: string, now = Date.now()): number {
    return this.recent(this.key(username, ip), now).length;
  }

  fail(username: string, ip: string, now = Date.now()): void {
    const key = this.key(username, ip);
    const list = this.recent(key, now);
    list.push(now);
    this.failures.set(key, list);
    if (this.failures.size > this.maxEntries) this.prune(now);
  }

  succeed(username: string, ip: string): void {
    this.failures.delete(this.key(username, ip));
  }

  prune(now = Date.now()): void {
    for (const key of [...this.failures.keys()]) this.recent(key, now);
    // Still too many (a flood of distinct names): drop the oldest entries.
    while (this.failures.size > this.maxEntries) {
      const oldest = this.failures.keys().next().value;
      if (oldest === undefined) break;
      this.failures.delete(oldest);
    }
  }
}
