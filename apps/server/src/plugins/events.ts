import type { FastifyBaseLogger } from 'fastify';

/**
 * Every in-process event, by name, with its payload: one table so an emitter and its listeners agree
 * on the shape. An area that emits adds its events here; an area that reacts subscribes with `on`.
 * Events carry ids, never personal data (they may be logged).
 */
export interface AppEvents {
  /** A student's response was stored (the submission path); `hasFreeText`: it holds text to review. */
  'survey.response.created': { surveyId: number; responseId: number; hasFreeText: boolean };
  /** Responses were deleted or otherwise changed (an admin's delete, a recomputation). */
  'survey.responses.changed': { surveyId: number };
  /** A survey's definition was edited: figures computed from the old one are stale. */
  'survey.changed': { surveyId: number };
}

export type EventName = keyof AppEvents;

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's bus (app.ts), for code that holds the app rather than an area's deps (tests). */
    events: EventBus;
  }
}
type Handler<K extends EventName> = (payload: AppEvents[K]) => void | Promise<void>;

export interface EventBus {
  /** Calls every listener and returns at once; a listener's failure is logged, never thrown to the emitter. */
  emit<K extends EventName>(name: K, payload: AppEvents[K]): void;
  /** Calls every listener and waits for them all (for a change the caller must see applied before it answers). */
  emitAndWait<K extends EventName>(name: K, payload: AppEvents[K]): Promise<void>;
  /** Subscribes; returns the unsubscribe. */
  on<K extends EventName>(name: K, handler: Handler<K>): () => void;
}

/** One bus per app (so each test app has its own). */
export function createEventBus(log?: Pick<FastifyBaseLogger, 'error'>): EventBus {
  const handlers = new Map<EventName, Set<Handler<EventName>>>();
  const report = (name: EventName, err: unknown) => log?.error({ err, event: name }, 'event listener failed');

  function run<K extends EventName>(name: K, payload: AppEvents[K]): Promise<void>[] {
    const list = [...(handlers.get(name) ?? [])] as Handler<K>[];
    return list.map(async (h) => {
      try {
        await h(payload);
      } catch (err) {
        report(name, err);
      }
    });
  }

  return {
    emit(name, payload) {
      void Promise.all(run(name, payload));
    },
    async emitAndWait(name, payload) {
      await Promise.all(run(name, payload));
    },
    on(name, handler) {
      const set = handlers.get(name) ?? new Set();
      set.add(handler as Handler<EventName>);
      handlers.set(name, set);
      return () => void set.delete(handler as Handler<EventName>);
    },
  };
}
