import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Every event, by name, with its payload: one table so an emitter and its listeners agree
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
  /** A survey's figures (and its module's) were recalculated or rescored: other processes drop their cached copies. */
  'survey.results.changed': { surveyId: number; moduleId: number | null };
  /** The results cache was switched on or off (POST /surveys/cache/toggle): every process follows. */
  'results.cache.switched': { enabled: boolean };
  /** Free-text reviews were decided (by a person or the auto-review); `surveyId` when only one survey's. */
  'survey.texts.reviewed': { surveyId: number | null };
  /**
   * A timetable version was published (issue 13): in force from `effectiveFrom`, replacing `replacedIds`
   * (archived); `userIds` are the people it concerns (teachers, enrolled students, their homeroom teachers).
   */
  'timetable.published': { timetableId: number; moduleId: number; effectiveFrom: string; replacedIds: number[]; userIds: number[] };
  /** A published version changed (a period grid change unplaced some of its lessons): the people concerned. */
  'timetable.changed': { timetableId: number; moduleId: number; userIds: number[] };
  /**
   * A waitlisted student got a seat (issue 14: a seat was freed and their rules still allow the class);
   * `userId`: their account, to tell them (null when the student has none).
   */
  'registration.promoted': { roundId: number; courseClassId: number; studentId: number; userId: number | null };
  /** The administrator reminded the students who have not met a round's rules yet (issue 14): their accounts, for the notifications area. */
  'registration.reminded': { roundId: number; userIds: number[] };
  /** A round was closed (by hand or at its closing moment): its registrations became enrolments. */
  'registration.closed': { roundId: number };
  /** Academic affairs reminded the teachers whose declaration of a period is missing or not submitted (issue 15): their accounts. */
  'declaration.reminded': { periodId: number; userIds: number[] };
  /** A pay run changed state (issue 16): submitted (the principal has one to approve), approved (its teachers' statements can be read), returned, paid. */
  'pay.run.changed': { runId: number; status: 'draft' | 'submitted' | 'approved' | 'paid' };
  /**
   * A student's form waits for a decision (issue 17): `userIds` are who decides it — the homeroom
   * teacher's account, or the principals' when `escalated`. Names are read through the forms service.
   */
  'form.submitted': { formId: number; escalated: boolean; userIds: number[] };
  /** A form was approved, rejected or returned with a comment: `userIds` is the student's account. */
  'form.decided': { formId: number; status: 'approved' | 'rejected' | 'returned'; userIds: number[] };
  /** A regulation was published (issue 17); `requiresAck`: students are asked to acknowledge it. */
  'regulation.published': { regulationId: number; requiresAck: boolean };
  /** School settings were saved (issue 17): every process reloads the sections named. */
  'settings.changed': { sections: string[] };
  /** A survey's results were published to teachers and heads (by hand or auto-publish). */
  'survey.results.published': { surveyId: number };
  /** A declaration was returned, approved or confirmed (issue 15): `userIds` is the teacher's account. */
  'declaration.changed': {
    declarationId: number;
    status: 'returned' | 'approved' | 'confirmed';
    userIds: number[];
    headUserIds?: number[];
  };
  /**
   * Notifications were stored for these users (issue 17): every process pushes the new count to its own
   * connected users (the SSE stream). Relayed per user set, never coalesced across different users.
   */
  'notification.created': { userIds: number[] };
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
  /**
   * Subscribes to this process's events; returns the unsubscribe. Jobs listen here: each event is heard
   * by the one process that emitted it, so the work it starts runs once however many workers serve.
   */
  on<K extends EventName>(name: K, handler: Handler<K>): () => void;
  /**
   * Subscribes to the events emitted in the OTHER processes of the school (workers, other hosts), once a
   * transport is attached (plugins/cluster-bus.ts). For state every process keeps in its own memory (a
   * cache to drop), never for jobs. Deliveries are coalesced per event and survey: a listener hears the
   * latest of a burst within `RELAY_COALESCE_MS`, not every one, so it must be idempotent.
   */
  onRemote<K extends EventName>(name: K, handler: Handler<K>): () => void;
  /** Called when remote events may have been missed (the transport reconnected): drop what they would have. */
  onRemoteGap(handler: () => void): () => void;
  /** Relays this process's events to the others and delivers theirs to `onRemote` listeners. */
  attach(transport: BusTransport): void;
}

/** How events travel between processes: Redis pub/sub or PostgreSQL LISTEN/NOTIFY (plugins/cluster-bus.ts). */
export interface BusTransport {
  /** Sends to every process, this one included (the bus drops its own); fire and forget. */
  publish(message: string): void;
  /** `onGap`: the link was down and messages may be lost. */
  subscribe(onMessage: (message: string) => void, onGap: () => void): void;
  close(): Promise<void>;
}

/** A burst of one event for one survey crosses processes at most once per this many ms (first and last always). */
export const RELAY_COALESCE_MS = 25;

/**
 * What a burst is coalesced by, for events whose payload says more than a survey id: a burst of
 * notifications for different users must reach every one of them (only repeats for the same users merge).
 */
const RELAY_KEYS: { [K in EventName]?: (p: AppEvents[K]) => string } = {
  'notification.created': (p) => [...p.userIds].sort((a, b) => a - b).join(','),
};

type Relayed = { o: string; n: EventName; p: unknown };

/** One bus per app (so each test app has its own). */
export function createEventBus(log?: Pick<FastifyBaseLogger, 'error'>): EventBus {
  const handlers = new Map<EventName, Set<Handler<EventName>>>();
  const remote = new Map<EventName, Set<Handler<EventName>>>();
  const gaps = new Set<() => void>();
  const origin = randomUUID();
  let transport: BusTransport | null = null;
  /** Per event and survey: the timer of the last relay, and the payload waiting for it to end. */
  const throttled = new Map<string, { timer: NodeJS.Timeout; waiting: unknown }>();
  const report = (name: EventName, err: unknown) => log?.error({ err, event: name }, 'event listener failed');

  function run<K extends EventName>(from: Map<EventName, Set<Handler<EventName>>>, name: K, payload: AppEvents[K]): Promise<void>[] {
    const list = [...(from.get(name) ?? [])] as Handler<K>[];
    return list.map(async (h) => {
      try {
        await h(payload);
      } catch (err) {
        report(name, err);
      }
    });
  }

  const send = (name: EventName, payload: unknown) =>
    transport?.publish(JSON.stringify({ o: origin, n: name, p: payload } satisfies Relayed));
  // Leading and trailing throttle per event and survey: the first goes at once, the last of a burst at the end.
  function relay(name: EventName, payload: unknown) {
    if (!transport) return;
    const id = (payload as { surveyId?: unknown }).surveyId;
    const keyOf = RELAY_KEYS[name] as ((p: unknown) => string) | undefined;
    const key = `${name}:${keyOf ? keyOf(payload) : id === undefined ? JSON.stringify(payload) : String(id)}`;
    const slot = throttled.get(key);
    if (slot) {
      slot.waiting = payload;
      return;
    }
    send(name, payload);
    const arm = (): NodeJS.Timeout => {
      const timer = setTimeout(() => {
        const s = throttled.get(key);
        if (s && s.waiting !== undefined) {
          send(name, s.waiting);
          s.waiting = undefined;
          s.timer = arm();
        } else throttled.delete(key);
      }, RELAY_COALESCE_MS);
      timer.unref();
      return timer;
    };
    throttled.set(key, { timer: arm(), waiting: undefined });
  }

  function subscribe(from: Map<EventName, Set<Handler<EventName>>>, name: EventName, handler: Handler<EventName>) {
    const set = from.get(name) ?? new Set();
    set.add(handler);
    from.set(name, set);
    return () => void set.delete(handler);
  }

  return {
    emit(name, payload) {
      relay(name, payload);
      void Promise.all(run(handlers, name, payload));
    },
    async emitAndWait(name, payload) {
      relay(name, payload);
      await Promise.all(run(handlers, name, payload));
    },
    on(name, handler) {
      return subscribe(handlers, name, handler as Handler<EventName>);
    },
    onRemote(name, handler) {
      return subscribe(remote, name, handler as Handler<EventName>);
    },
    onRemoteGap(handler) {
      gaps.add(handler);
      return () => void gaps.delete(handler);
    },
    attach(t) {
      transport = t;
      t.subscribe(
        (message) => {
          let m: Relayed;
          try {
            m = JSON.parse(message) as Relayed;
          } catch {
            return;
          }
          if (m.o === origin) return;
          void Promise.all(run(remote, m.n, m.p as AppEvents[EventName]));
        },
        () => {
          for (const g of gaps) g();
        },
      );
    },
  };
}
