import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppConfig } from '@/config';
import type { Db } from '@/db/client';
import { systemActor } from '@/plugins/actor';
import { audit } from '@/plugins/audit';
import type { EventBus } from '@/plugins/events';
import { runExclusive } from '@/lib/jobs';
import { MemoryBackend, RedisBackend, ResultsCache } from './cache';
import { recomputeStraightLined } from '../core/straight-lining.repository';
import { CACHE_ENABLED_SETTING, dropStored, readSetting, readStored, responseTotals, surveyMeta } from './survey-results.repository';

/** REDIS_URL, MIN_GROUP_SIZE, the auto-calculate delay…: read and defaulted by config.ts, the one place. */
export type ResultsConfig = AppConfig['results'];

export const surveyScope = (id: number) => `s:${id}`;
/** How long a survey's module and auto-calculate switch are trusted without an event saying they changed. */
const FACTS_TTL_MS = 60_000;
export const moduleScope = (id: number) => `m:${id}`;

/**
 * What the results area keeps per app: the cache, the survey → module map the invalidation needs,
 * and the auto-calculate batches. One per app (tests build many apps in one process).
 */
export class ResultsRuntime {
  readonly cache: ResultsCache;
  /** survey id → module id, learnt whenever results of a survey or module are computed. */
  private readonly moduleOf = new Map<number, number | null>();
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private readonly running = new Map<number, Promise<void>>();
  private readonly again = new Set<number>();
  /**
   * What a response needs to know of its survey (module, auto-calculate), so a submission costs no query
   * here: dropped when the survey or its auto-calculate switch changes, in this process or another.
   */
  private readonly facts = new Map<number, { moduleId: number | null; autoCalculate: boolean; until: number }>();
  /** Surveys whose next recalculation runs even when the stored figures count every response (a score change). */
  private readonly forced = new Set<number>();
  private closed = false;
  private readonly unsubscribe: Array<() => void>;
  /** Resolves when the cache setting has been read from app_settings. */
  readonly ready: Promise<void>;

  constructor(
    readonly db: Db,
    readonly config: ResultsConfig,
    readonly log: FastifyBaseLogger,
    private readonly events: EventBus,
    cache: ResultsCache,
    /** Recalculates a survey's stored results (and its module's, when stored). */
    private readonly recalculate: (surveyId: number) => Promise<void>,
  ) {
    this.cache = cache;
    this.ready = readSetting<boolean>(db, CACHE_ENABLED_SETTING)
      .then((v) => void (this.cache.enabled = v !== false))
      .catch((err) => this.log.warn({ err }, 'results cache setting could not be read'));
    // Responses stored or deleted drop the cache and batch a recalculation; an edited survey's figures go
    // (the editor awaits it with emitAndWait, so the next read is fresh).
    // The same events from the other workers (plugins/cluster-bus.ts) drop this worker's cached copies only:
    // the database work and the recalculation are done by the worker that heard the event itself.
    this.unsubscribe = [
      events.on('survey.response.created', ({ surveyId }) => this.responded(surveyId)),
      events.on('survey.responses.changed', ({ surveyId }) => this.responded(surveyId)),
      events.on('survey.changed', ({ surveyId }) => this.surveyChanged(surveyId)),
      events.onRemote('survey.response.created', ({ surveyId }) => this.changedElsewhere(surveyId)),
      events.onRemote('survey.responses.changed', ({ surveyId }) => this.changedElsewhere(surveyId)),
      events.onRemote('survey.changed', ({ surveyId }) => {
        this.facts.delete(surveyId);
        this.changedElsewhere(surveyId);
      }),
      events.onRemote('survey.results.changed', ({ surveyId, moduleId }) => {
        this.facts.delete(surveyId);
        if (!this.moduleOf.has(surveyId)) this.remember(surveyId, moduleId);
        this.changedElsewhere(surveyId);
      }),
      events.onRemote('results.cache.switched', ({ enabled }) => void (this.cache.enabled = enabled)),
      events.onRemoteGap(() => this.missedElsewhere()),
    ];
  }

  static async create(
    db: Db,
    config: ResultsConfig,
    log: FastifyBaseLogger,
    events: EventBus,
    recalculate: (surveyId: number) => Promise<void>,
  ) {
    const onError = (err: unknown) => log.warn({ err }, 'results cache error');
    let backend: MemoryBackend | RedisBackend | null = null;
    if (config.redisUrl) {
      backend = await RedisBackend.connect(config.redisUrl, config.redisKeyPrefix, onError);
      if (!backend) log.warn('REDIS_URL is set but Redis cannot be reached: the results cache stays in memory');
    }
    // k (the settings page's minimum group size) decides what is hidden: a new k never reads figures cached under the old one.
    const cache = new ResultsCache(backend ?? new MemoryBackend(), config.cacheTtlSeconds, onError, () => `|k${config.minGroupSize}`);
    return new ResultsRuntime(db, config, log, events, cache, recalculate);
  }

  remember(surveyId: number, moduleId: number | null) {
    this.moduleOf.set(surveyId, moduleId);
  }

  scopesOf(surveyId: number, moduleId: number | null) {
    return moduleId ? [surveyScope(surveyId), moduleScope(moduleId)] : [surveyScope(surveyId)];
  }

  /** After a recalculation or a score change (the other processes hear of it through the bus). */
  async invalidate(surveyId: number, moduleId: number | null) {
    this.facts.delete(surveyId);
    this.remember(surveyId, moduleId);
    await this.cache.invalidate(this.scopesOf(surveyId, moduleId));
    this.events.emit('survey.results.changed', { surveyId, moduleId });
  }

  /**
   * Another process stored a response or changed the survey. Redis entries are shared and were bumped
   * there; memory entries are this worker's own, and only scopes this worker computed can hold any.
   */
  private changedElsewhere(surveyId: number) {
    if (this.closed || this.cache.backend.kind !== 'memory' || !this.moduleOf.has(surveyId)) return;
    void this.cache.invalidate(this.scopesOf(surveyId, this.moduleOf.get(surveyId) ?? null));
  }

  /** The link to the other processes was down: whatever they changed meanwhile is unknown, so nothing cached is trusted. */
  private missedElsewhere() {
    this.facts.clear();
    void readSetting<boolean>(this.db, CACHE_ENABLED_SETTING)
      .then((v) => void (this.cache.enabled = v !== false))
      .catch(() => {});
    if (this.closed || this.cache.backend.kind !== 'memory') return;
    this.log.warn('results cache dropped: events from other processes may have been missed');
    void this.cache.invalidate([...new Set([...this.moduleOf].flatMap(([s, m]) => this.scopesOf(s, m)))]);
  }

  /** A response was stored: drop cached figures now, and batch a recalculation when the survey asks for it. */
  private responded(surveyId: number) {
    if (this.closed) return;
    const known = this.moduleOf.has(surveyId);
    // In memory this runs to completion before the submission answers, so the next read is fresh.
    if (known) void this.cache.invalidate(this.scopesOf(surveyId, this.moduleOf.get(surveyId) ?? null));
    const cached = this.facts.get(surveyId);
    const facts =
      cached && cached.until > Date.now()
        ? Promise.resolve(cached)
        : surveyMeta(this.db, surveyId).then((s) => {
            if (!s) return null;
            const f = { moduleId: s.moduleId, autoCalculate: s.autoCalculate, until: Date.now() + FACTS_TTL_MS };
            this.facts.set(surveyId, f);
            return f;
          });
    void facts
      .then(async (s) => {
        if (!s) return;
        if (!known) await this.invalidate(surveyId, s.moduleId);
        else this.remember(surveyId, s.moduleId);
        if (s.autoCalculate) this.schedule(surveyId, { unlessFresh: true });
      })
      .catch((err) => this.log.warn({ err, surveyId }, 'results invalidation failed'));
  }

  /** POST /surveys/cache/toggle: this process at once, the others through the bus. */
  switchCache(enabled: boolean) {
    this.cache.enabled = enabled;
    this.events.emit('results.cache.switched', { enabled });
  }

  /**
   * The survey was edited (`survey.changed`): stored figures may hold old wording, visibility or
   * column numbers, so they are deleted (the survey's, and its module's — the one it was in too, if it
   * moved), `straight_lined` is recomputed (column numbers may have changed), with one audit entry
   * when anything was touched; then the cache is dropped and an auto-calculating survey recalculated.
   */
  async surveyChanged(surveyId: number) {
    if (this.closed) return;
    this.facts.delete(surveyId);
    try {
      const s = await surveyMeta(this.db, surveyId);
      const modules = [...new Set([this.moduleOf.get(surveyId) ?? null, s?.moduleId ?? null])].filter((m): m is number => m !== null);
      await this.db.transaction(async (tx) => {
        const dropped = await dropStored(tx, surveyId, modules);
        const relabelled = s ? await recomputeStraightLined(tx, surveyId) : 0;
        if (dropped || relabelled) {
          await audit(tx, systemActor('results'), {
            action: 'invalidate',
            entity: 'survey_results',
            entityId: surveyId,
            after: { reason: 'survey_changed', storedDropped: dropped, straightLinedChanged: relabelled },
          });
        }
      });
      await this.cache.invalidate([surveyScope(surveyId), ...modules.map(moduleScope)]);
      if (s) this.remember(surveyId, s.moduleId);
      if (s?.autoCalculate) this.schedule(surveyId);
    } catch (err) {
      this.log.warn({ err, surveyId }, 'results invalidation after a survey change failed');
    }
  }

  /**
   * One recalculation per survey per `autoCalculateDelayMs` however many responses arrive: the first
   * response starts the timer, later ones join it; a response during a recalculation queues one more.
   * Across workers the recalculation is one job (`runExclusive`): a worker that finds it running elsewhere
   * looks again after the delay, and with `unlessFresh` (responses) skips it when the stored figures
   * already count every response — so a burst served by several workers is calculated once.
   */
  schedule(surveyId: number, opts: { unlessFresh?: boolean } = {}) {
    if (!opts.unlessFresh) this.forced.add(surveyId);
    if (this.closed || this.timers.has(surveyId)) return;
    if (this.running.has(surveyId)) {
      this.again.add(surveyId);
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(surveyId);
      const run = this.autoCalculate(surveyId)
        .catch((err) => this.log.error({ err, surveyId }, 'auto-calculate failed'))
        .finally(() => {
          this.running.delete(surveyId);
          if (this.again.delete(surveyId)) this.schedule(surveyId, { unlessFresh: true });
        });
      this.running.set(surveyId, run);
    }, this.config.autoCalculateDelayMs);
    timer.unref();
    this.timers.set(surveyId, timer);
  }

  private async autoCalculate(surveyId: number) {
    const force = this.forced.delete(surveyId);
    const done = await runExclusive(this.db, `results.auto-calculate:${surveyId}`, async () => {
      if (!force && (await this.storedIsFresh(surveyId))) return;
      await this.recalculate(surveyId);
    });
    if (!done.ran) {
      if (force) this.forced.add(surveyId);
      this.again.add(surveyId);
    }
  }

  /** The survey's stored figures were computed after its last response and count them all. */
  private async storedIsFresh(surveyId: number) {
    const row = await readStored(this.db, { kind: 'questions', surveyId, filtered: false });
    if (!row) return false;
    const totals = await responseTotals(this.db, [surveyId]);
    return totals.n === row.responseCount && (totals.latest === null || totals.latest <= row.computedAt);
  }

  /** Waits for scheduled and running recalculations (tests, shutdown). */
  async settle() {
    while (this.timers.size || this.running.size) {
      await Promise.all([...this.running.values()]);
      if (this.timers.size && !this.running.size) await new Promise((r) => setTimeout(r, 20));
    }
  }

  pendingCount() {
    return this.timers.size + this.running.size;
  }

  async close() {
    this.closed = true;
    for (const off of this.unsubscribe) off();
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    await Promise.all([...this.running.values()]);
    await this.cache.backend.close();
  }
}

/**
 * The app's results runtime as a plugin: created when the routes register (the cache backend may
 * connect to Redis), ready once the cache setting is read (`onReady`), and closed with the app
 * (`onClose`: timers cleared, running recalculations awaited, the backend closed).
 */
export function startResultsRuntime(
  app: FastifyInstance,
  deps: { db: Db; events: EventBus; results: ResultsConfig },
  recalculate: (surveyId: number) => Promise<void>,
): Promise<ResultsRuntime> {
  const runtime = ResultsRuntime.create(deps.db, deps.results, app.log, deps.events, recalculate);
  app.addHook('onReady', async () => {
    await (
      await runtime
    ).ready;
  });
  app.addHook('onClose', async () => (await runtime).close());
  return runtime;
}
