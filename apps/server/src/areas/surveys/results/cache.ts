import { createClient } from 'redis';

/**
 * The results cache (issue 5, "Cache"): in memory, or shared through Redis when REDIS_URL is set so
 * every server process reads the same entries. An entry depends on scopes (`s:<surveyId>`,
 * `m:<moduleId>`); a new response or a recalculation bumps its scopes, which deletes their entries
 * and moves their generation on — the generation is part of the key, so a figure computed while a
 * response arrived is stored under the old generation and never read.
 */
export interface CacheBackend {
  readonly kind: 'memory' | 'redis';
  gens(scopes: string[]): Promise<number[]>;
  get(key: string): Promise<unknown | undefined>;
  set(key: string, scopes: string[], value: unknown, ttlSeconds: number): Promise<void>;
  bump(scopes: string[]): Promise<void>;
  count(): Promise<number>;
  close(): Promise<void>;
}

/** Values are kept as objects (no copy): callers never mutate what they read or stored. */
export class MemoryBackend implements CacheBackend {
  readonly kind = 'memory' as const;
  private entries = new Map<string, { value: unknown; expires: number; scopes: string[] }>();
  private generations = new Map<string, number>();
  private byScope = new Map<string, Set<string>>();
  constructor(private readonly maxEntries = 2000) {}

  // Synchronous under the promise: a bump is done before the caller's next line (the submission's reply).
  async gens(scopes: string[]) {
    return scopes.map((s) => this.generations.get(s) ?? 0);
  }
  async get(key: string) {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expires < Date.now()) {
      this.drop(key);
      return undefined;
    }
    // Re-insert: Map order is the LRU order.
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }
  async set(key: string, scopes: string[], value: unknown, ttlSeconds: number) {
    this.drop(key);
    this.entries.set(key, { value, expires: Date.now() + ttlSeconds * 1000, scopes });
    for (const s of scopes) {
      if (!this.byScope.has(s)) this.byScope.set(s, new Set());
      this.byScope.get(s)!.add(key);
    }
    while (this.entries.size > this.maxEntries) this.drop(this.entries.keys().next().value!);
  }
  bumpNow(scopes: string[]) {
    for (const s of scopes) {
      this.generations.set(s, (this.generations.get(s) ?? 0) + 1);
      for (const k of this.byScope.get(s) ?? []) this.drop(k);
      this.byScope.delete(s);
    }
  }
  async bump(scopes: string[]) {
    this.bumpNow(scopes);
  }
  async count() {
    return this.entries.size;
  }
  async close() {
    this.entries.clear();
  }
  private drop(key: string) {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    for (const s of e.scopes) this.byScope.get(s)?.delete(key);
  }
}

export class RedisBackend implements CacheBackend {
  readonly kind = 'redis' as const;
  private constructor(
    private readonly client: ReturnType<typeof createClient>,
    private readonly prefix: string,
  ) {}

  /** Connects, or answers null when Redis cannot be reached (the caller falls back to memory). */
  static async connect(url: string, prefix: string, onError: (err: unknown) => void): Promise<RedisBackend | null> {
    const client = createClient({
      url,
      socket: { connectTimeout: 2000, reconnectStrategy: (n) => (n > 20 ? false : Math.min(n * 200, 2000)) },
    });
    client.on('error', onError);
    try {
      await client.connect();
      await client.ping();
      return new RedisBackend(client, prefix);
    } catch (err) {
      onError(err);
      await client.destroy();
      return null;
    }
  }

  private k = (s: string) => `${this.prefix}${s}`;
  async gens(scopes: string[]) {
    if (!scopes.length) return [];
    const v = await this.client.mGet(scopes.map((s) => this.k(`gen:${s}`)));
    return v.map((x) => Number(x ?? 0));
  }
  async get(key: string) {
    const v = await this.client.get(this.k(`v:${key}`));
    return v === null ? undefined : (JSON.parse(v) as unknown);
  }
  async set(key: string, scopes: string[], value: unknown, ttlSeconds: number) {
    const m = this.client.multi().set(this.k(`v:${key}`), JSON.stringify(value), { EX: ttlSeconds });
    for (const s of scopes) m.sAdd(this.k(`idx:${s}`), this.k(`v:${key}`)).expire(this.k(`idx:${s}`), ttlSeconds * 2);
    await m.exec();
  }
  async bump(scopes: string[]) {
    for (const s of scopes) {
      const keys = await this.client.sMembers(this.k(`idx:${s}`));
      const m = this.client
        .multi()
        .incr(this.k(`gen:${s}`))
        .del(this.k(`idx:${s}`));
      if (keys.length) m.del(keys);
      await m.exec();
    }
  }
  async count() {
    let n = 0;
    for await (const keys of this.client.scanIterator({ MATCH: this.k('v:*'), COUNT: 500 })) n += keys.length;
    return n;
  }
  async close() {
    await this.client.close().catch(() => this.client.destroy());
  }
}

/** Hits, misses and the on/off switch in front of a backend. */
export class ResultsCache {
  enabled = true;
  hits = 0;
  misses = 0;
  constructor(
    readonly backend: CacheBackend,
    readonly ttlSeconds: number,
    private readonly onError: (err: unknown) => void,
    /** What every figure depends on besides its scopes (the school's k, a setting that may change): part of each key. */
    private readonly salt: () => string = () => '',
  ) {}

  async wrap<T>(key: string, scopes: string[], compute: () => Promise<T>): Promise<T> {
    if (!this.enabled) return compute();
    let full: string | null = null;
    try {
      const gens = await this.backend.gens(scopes);
      full = `${key}${this.salt()}|${scopes.map((s, i) => `${s}@${gens[i]}`).join(',')}`;
      const hit = await this.backend.get(full);
      if (hit !== undefined) {
        this.hits++;
        return hit as T;
      }
    } catch (err) {
      this.onError(err); // a cache that fails is a cache miss, never a failed read
    }
    this.misses++;
    const value = await compute();
    if (full !== null) await this.backend.set(full, scopes, value, this.ttlSeconds).catch(this.onError);
    return value;
  }

  async invalidate(scopes: string[]) {
    await this.backend.bump(scopes).catch(this.onError);
  }

  async status() {
    return {
      enabled: this.enabled,
      backend: this.backend.kind,
      entries: await this.backend.count().catch(() => 0),
      hits: this.hits,
      misses: this.misses,
      ttlSeconds: this.ttlSeconds,
    };
  }
}
