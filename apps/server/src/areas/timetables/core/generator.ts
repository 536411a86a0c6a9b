import { CLASSROOM_KIND_LABELS } from '@app/shared/school';
import type { TClash, TSoftScore } from '@app/shared/timetables';
import { evaluate } from './engine';
import type { Instance, InstanceClass, InstanceLesson } from './instance';
import { buildModel, DAYS, dayTerm, gridFor, MAX_P, softTotal, ZERO_TERM, type DayEntry, type DayTerm, type Model } from './model';

/**
 * The automatic generator (Xếp tự động). Places every unplaced, unlocked lesson and moves the unlocked
 * placed ones when that helps; locked lessons stay where they are.
 *
 * 1. Quick proofs of impossibility (a lesson with no slot or no fitting room, a teacher, a fixed room
 *    or a group of students needing more periods than the grid leaves them): reported at once.
 * 2. Greedy construction, most constrained lesson first (double periods, few allowed slots, many
 *    students), each at its cheapest slot.
 * 3. While a hard clash remains: tabu search over the lessons in clash (each tries all its slots).
 * 4. Then simulated annealing on the soft score (moves and swaps; hard clashes never come back),
 *    reheated from the best timetable found, until the time or iteration budget runs out.
 *
 * Deterministic for a seed: every decision comes from a seeded PRNG and iteration counts; the clock only
 * stops the run (and paces progress reports). With `maxIterations` and no time limit the result does
 * not depend on the machine's speed.
 */
export interface GenerateProgress {
  placed: number;
  total: number;
  hardClashes: number;
  score: number;
  elapsedMs: number;
}
export interface GenerateOptions {
  seed?: number;
  timeLimitMs?: number;
  /** A budget of search steps (after construction); with no time limit the run is speed-independent. */
  maxIterations?: number;
  onProgress?: (p: GenerateProgress) => void;
  shouldStop?: () => boolean;
}
export interface GenerateResult {
  lessons: InstanceLesson[];
  clashes: TClash[];
  score: TSoftScore;
  stopped: boolean;
  impossible: null | { lessonIds: number[]; reasons: string[] };
  elapsedMs: number;
  firstFeasibleMs: number | null;
}

const HARD = 10_000;
const DEFAULT_TIME_LIMIT_MS = 30_000;
const PROGRESS_MS = 200;

export function mulberry32(seed: number) {
  let a = seed >>> 0 || 0x9e3779b9;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Item {
  lesson: InstanceLesson;
  cls: InstanceClass;
  movable: boolean;
  /** Allowed first slots (day-1)*MAX_P + period-1. */
  domain: number[];
  /** Rooms it may take, best first (its fixed room only, when it has one). */
  rooms: number[];
  /** Resource indices besides its room. */
  res: number[];
}

const kindLabel = (k: string) => (CLASSROOM_KIND_LABELS as Record<string, string>)[k]?.toLowerCase() ?? k;

export function generate(inst: Instance, opts: GenerateOptions = {}): GenerateResult {
  const started = Date.now();
  const elapsed = () => Date.now() - started;
  const timeLimit = opts.timeLimitMs ?? (opts.maxIterations != null ? Infinity : DEFAULT_TIME_LIMIT_MS);
  const maxIter = opts.maxIterations ?? Infinity;
  const rand = mulberry32(opts.seed ?? 1);
  const m = buildModel(inst);

  // ---- items, domains, rooms ----
  const items: Item[] = [];
  for (const lesson of inst.lessons) {
    const cls = m.classById.get(lesson.courseClassId);
    if (!cls) continue;
    const grid = gridFor(m.gridOf, cls.campusId);
    const blocked = m.classBlocked.get(cls.id)!;
    const domain: number[] = [];
    for (const day of [...grid.days].sort((a, b) => a - b)) {
      if (day < 1 || day > DAYS) continue;
      for (let p = 1; p + lesson.length - 1 <= Math.min(grid.sessions.length, MAX_P); p++) {
        if (grid.sessions[p - 1] !== grid.sessions[p + lesson.length - 2]) continue;
        let ok = true;
        for (let k = 0; k < lesson.length; k++) if (blocked.has((day - 1) * MAX_P + p - 1 + k)) ok = false;
        if (ok) domain.push((day - 1) * MAX_P + p - 1);
      }
    }
    const fits = (r: { campusId: number; kind: string; capacity: number }) =>
      r.campusId === cls.campusId && r.kind === cls.roomKind && r.capacity >= cls.size;
    const fixed = cls.fixedRoomId != null ? m.roomById.get(cls.fixedRoomId) : undefined;
    const rooms = fixed
      ? fits(fixed)
        ? [fixed.id]
        : []
      : inst.rooms
          .filter(fits)
          .sort((a, b) => a.capacity - b.capacity || a.id - b.id)
          .map((r) => r.id);
    items.push({ lesson, cls, movable: !lesson.locked, domain, rooms, res: m.classResources.get(cls.id) ?? [] });
  }
  const N = items.length;

  // ---- 1. impossible? ----
  const impossible = findImpossible(m, items);
  if (impossible) {
    const ev = evaluate(inst);
    return { lessons: inst.lessons.map((l) => ({ ...l })), ...ev, stopped: false, impossible, elapsedMs: elapsed(), firstFeasibleMs: null };
  }

  // ---- state ----
  const R = m.resources.length;
  const entries: DayEntry[][] = Array.from({ length: R * DAYS }, () => []);
  const terms: DayTerm[] = new Array<DayTerm>(R * DAYS).fill(ZERO_TERM);
  const pos = new Int32Array(N).fill(-1);
  const room = new Int32Array(N).fill(-1);
  const tot = { hard: 0, teacherGaps: 0, studentGaps: 0, sameSubject: 0, twoCampuses: 0, preferredMissed: 0 };
  const hot = new Set<number>();
  // Per resource-day: the periods taken (bits) and the term's weighted cost, kept by refresh() so a
  // candidate slot is priced without moving anything (deltaOf).
  const masks = new Int32Array(R * DAYS);
  const softOf = new Float64Array(R * DAYS);
  const costOf = new Float64Array(R * DAYS);
  const termCost = (t: DayTerm) => t.hard * HARD + softTotal(t);
  for (let r = 0; r < R; r++)
    for (let d = 0; d < DAYS; d++) {
      const t = dayTerm(m.resources[r], d + 1, []);
      terms[r * DAYS + d] = t;
      softOf[r * DAYS + d] = softTotal(t);
      costOf[r * DAYS + d] = termCost(t);
      tot.studentGaps += t.studentGaps;
    }
  let unplaced = 0;

  const refresh = (key: number) => {
    const old = terms[key];
    const list = entries[key];
    const t = dayTerm(m.resources[Math.floor(key / DAYS)], (key % DAYS) + 1, list);
    terms[key] = t;
    let mask = 0;
    for (const e of list) mask |= ((1 << e.length) - 1) << (e.period - 1);
    masks[key] = mask;
    softOf[key] = softTotal(t);
    costOf[key] = termCost(t);
    tot.hard += t.hard - old.hard;
    tot.teacherGaps += t.teacherGaps - old.teacherGaps;
    tot.studentGaps += t.studentGaps - old.studentGaps;
    tot.sameSubject += t.sameSubject - old.sameSubject;
    tot.twoCampuses += t.twoCampuses - old.twoCampuses;
    tot.preferredMissed += t.preferredMissed - old.preferredMissed;
    if (t.hard > 0) hot.add(key);
    else hot.delete(key);
  };
  const roomFree = (roomId: number, day: number, period: number, length: number) => {
    const list = entries[m.roomRes.get(roomId)! * DAYS + day];
    for (const e of list) if (e.period < period + length && period < e.period + e.length) return false;
    return true;
  };
  /** The first free fitting room of a lesson at a slot, else its first fitting room (a clash), else -1. */
  const roomFor = (it: Item, day: number, period: number) => {
    if (!it.rooms.length) return -1;
    for (const c of it.rooms) if (roomFree(c, day, period, it.lesson.length)) return c;
    return it.rooms[0];
  };
  /** `forcedRoom`: a room id, -1 for none, undefined to take the first free fitting room. */
  const place = (i: number, slot: number, forcedRoom?: number) => {
    const it = items[i];
    const day = Math.floor(slot / MAX_P);
    const period = (slot % MAX_P) + 1;
    const r = forcedRoom ?? roomFor(it, day, period);
    pos[i] = slot;
    room[i] = r;
    const e: DayEntry = { lesson: i, period, length: it.lesson.length, campusId: it.cls.campusId };
    for (const x of it.res) {
      entries[x * DAYS + day].push(e);
      refresh(x * DAYS + day);
    }
    if (r >= 0 && m.roomRes.has(r)) {
      const key = m.roomRes.get(r)! * DAYS + day;
      entries[key].push(e);
      refresh(key);
    }
  };
  const unplace = (i: number) => {
    const it = items[i];
    const day = Math.floor(pos[i] / MAX_P);
    const drop = (key: number) => {
      const list = entries[key];
      const k = list.findIndex((e) => e.lesson === i);
      if (k >= 0) list.splice(k, 1);
      refresh(key);
    };
    for (const x of it.res) drop(x * DAYS + day);
    if (room[i] >= 0 && m.roomRes.has(room[i])) drop(m.roomRes.get(room[i])! * DAYS + day);
    pos[i] = -1;
  };
  const soft = () => softTotal(tot);
  const cost = () => (tot.hard + unplaced) * HARD + soft();
  /**
   * What placing the (unplaced) lesson i at `slot` would add to cost(), computed without placing it;
   * Infinity when it is certainly more than `bound`: each resource already busy then adds at least
   * one hard clash, and no resource's soft term can fall below zero.
   */
  const deltaOf = (i: number, slot: number, bound: number) => {
    const it = items[i];
    const day = Math.floor(slot / MAX_P);
    const period = (slot % MAX_P) + 1;
    const bits = ((1 << it.lesson.length) - 1) << (period - 1);
    let lower = 0;
    for (const x of it.res) {
      const key = x * DAYS + day;
      if (masks[key] & bits) lower += HARD;
      lower -= softOf[key];
    }
    if (lower > bound + 1e-9) return Infinity;
    const e: DayEntry = { lesson: i, period, length: it.lesson.length, campusId: it.cls.campusId };
    let delta = 0;
    const r = roomFor(it, day, period);
    const roomX = r >= 0 ? (m.roomRes.get(r) ?? -1) : -1;
    // Each of its resources (and its room) with the lesson added, then taken off again.
    for (let k = 0; k <= it.res.length; k++) {
      const x = k < it.res.length ? it.res[k] : roomX;
      if (x < 0) continue;
      const key = x * DAYS + day;
      const list = entries[key];
      list.push(e);
      delta += termCost(dayTerm(m.resources[x], day + 1, list)) - costOf[key];
      list.pop();
    }
    return delta;
  };

  // Locked and placed lessons first, where they are (unlocked ones outside their domain start unplaced).
  for (let i = 0; i < N; i++) {
    const l = items[i].lesson;
    if (l.day == null || l.period == null) continue;
    const slot = (l.day - 1) * MAX_P + l.period - 1;
    if (items[i].movable && !items[i].domain.includes(slot)) continue;
    if (!items[i].movable && (l.day < 1 || l.day > DAYS || l.period < 1 || l.period + l.length - 1 > MAX_P)) continue;
    place(i, slot, l.roomId ?? (items[i].movable ? undefined : -1));
  }
  const movable = items.map((_, i) => i).filter((i) => items[i].movable && items[i].domain.length > 0);
  unplaced = movable.filter((i) => pos[i] < 0).length;

  // ---- 2. greedy construction, most constrained first ----
  const order = movable
    .filter((i) => pos[i] < 0)
    .map((i) => ({ i, key: items[i].domain.length / items[i].lesson.length - items[i].cls.size / 100 - items[i].res.length, tie: rand() }))
    .sort((a, b) => a.key - b.key || a.tie - b.tie)
    .map((x) => x.i);
  for (const i of order) {
    unplaced--;
    let best = -1;
    let bestCost = Infinity;
    let ties = 0;
    for (const s of items[i].domain) {
      const c = deltaOf(i, s, bestCost);
      if (c < bestCost - 1e-9) {
        bestCost = c;
        best = s;
        ties = 1;
      } else if (Math.abs(c - bestCost) <= 1e-9 && rand() * ++ties < 1) best = s;
    }
    place(i, best);
  }

  // ---- best tracking ----
  const placedCount = () => items.reduce((n, _, i) => n + (pos[i] >= 0 ? 1 : 0), 0);
  let bestHard = tot.hard + unplaced;
  let bestSoft = soft();
  let bestPos = Int32Array.from(pos);
  let bestRoom = Int32Array.from(room);
  let firstFeasibleMs: number | null = bestHard === 0 ? elapsed() : null;
  const remember = () => {
    const h = tot.hard + unplaced;
    const s = soft();
    if (h < bestHard || (h === bestHard && s < bestSoft - 1e-9)) {
      bestHard = h;
      bestSoft = s;
      bestPos = Int32Array.from(pos);
      bestRoom = Int32Array.from(room);
      if (h === 0 && firstFeasibleMs == null) firstFeasibleMs = elapsed();
    }
  };
  const restoreBest = () => {
    for (const i of movable) if (pos[i] >= 0) unplace(i);
    for (const i of movable) if (bestPos[i] >= 0) place(i, bestPos[i], bestRoom[i]);
  };

  // ---- 3 + 4. search ----
  const tabu = new Map<number, number>();
  const movableSet = new Set(movable);
  let stopped = false;
  let lastProgress = -Infinity;
  let iter = 0;
  let saIter = 0;
  const CYCLE = Math.max(20_000, movable.length * 100);
  const T0 = 2;
  const T1 = 0.02;
  const report = () => {
    opts.onProgress?.({
      placed: placedCount(),
      total: N,
      hardClashes: bestHard,
      score: Math.round(bestSoft * 10) / 10,
      elapsedMs: elapsed(),
    });
    lastProgress = elapsed();
  };
  report();

  while (movable.length > 0 && iter < maxIter) {
    if ((iter & 127) === 0) {
      if (opts.shouldStop?.()) {
        stopped = true;
        break;
      }
      const now = elapsed();
      if (now >= timeLimit) break;
      if (now - lastProgress >= PROGRESS_MS) report();
    }
    if (bestHard === 0 && bestSoft <= 0) break;
    iter++;
    if (tot.hard > 0) {
      // Tabu step on a lesson in clash.
      const keys = [...hot];
      const key = keys[Math.floor(rand() * keys.length)];
      const cands = entries[key].map((e) => e.lesson).filter((i) => movableSet.has(i));
      if (!cands.length) {
        // A clash among locked lessons only: nothing to do about it here; move something at random.
        const i = movable[Math.floor(rand() * movable.length)];
        const s = items[i].domain[Math.floor(rand() * items[i].domain.length)];
        unplace(i);
        place(i, s);
        continue;
      }
      const i = cands[Math.floor(rand() * cands.length)];
      const from = pos[i];
      unplace(i);
      let best = from;
      let bestCost = Infinity;
      let ties = 0;
      const base = cost();
      for (const s of items[i].domain) {
        if (s === from) continue;
        const c = base + deltaOf(i, s, bestCost - base);
        // Tabu unless it beats the best timetable found (aspiration).
        if ((tabu.get(i * 128 + s) ?? 0) > iter && !(c < bestHard * HARD + bestSoft - 1e-9)) continue;
        if (c < bestCost - 1e-9) {
          bestCost = c;
          best = s;
          ties = 1;
        } else if (Math.abs(c - bestCost) <= 1e-9 && rand() * ++ties < 1) best = s;
      }
      place(i, best);
      tabu.set(i * 128 + from, iter + 5 + Math.floor(rand() * 10) + Math.floor(movable.length / 50));
      remember();
      continue;
    }

    // Annealing step on the soft score (hard clashes stay at 0).
    const T = T0 * Math.pow(T1 / T0, (saIter % CYCLE) / CYCLE);
    saIter++;
    if (saIter % CYCLE === 0) restoreBest();
    const before = cost();
    const i = movable[Math.floor(rand() * movable.length)];
    const di = items[i].domain;
    if (rand() < 0.6 || di.length < 2) {
      // Swap with another movable lesson of the same length, when each may take the other's slot.
      const j = movable[Math.floor(rand() * movable.length)];
      if (j === i || items[j].lesson.length !== items[i].lesson.length || pos[i] === pos[j]) continue;
      const si = pos[i];
      const sj = pos[j];
      if (!items[i].domain.includes(sj) || !items[j].domain.includes(si)) continue;
      const ri = room[i];
      const rj = room[j];
      unplace(i);
      unplace(j);
      place(i, sj);
      place(j, si);
      const after = cost();
      if (tot.hard > 0 || (after > before && rand() >= Math.exp((before - after) / T))) {
        unplace(i);
        unplace(j);
        place(i, si, ri);
        place(j, sj, rj);
      } else remember();
    } else {
      const from = pos[i];
      const s = di[Math.floor(rand() * di.length)];
      if (s === from) continue;
      const fromRoom = room[i];
      unplace(i);
      place(i, s);
      const after = cost();
      if (tot.hard > 0 || (after > before && rand() >= Math.exp((before - after) / T))) {
        unplace(i);
        place(i, from, fromRoom);
      } else remember();
    }
  }
  restoreBest();
  report();

  const out = inst.lessons.map((l) => ({ ...l }));
  const byId = new Map(out.map((l) => [l.id, l]));
  items.forEach((it, i) => {
    if (!it.movable) return;
    const l = byId.get(it.lesson.id)!;
    if (pos[i] < 0) {
      l.day = l.period = null;
      return;
    }
    l.day = Math.floor(pos[i] / MAX_P) + 1;
    l.period = (pos[i] % MAX_P) + 1;
    l.roomId = room[i] >= 0 ? room[i] : null;
  });
  const ev = evaluate({ ...inst, lessons: out });
  return { lessons: out, ...ev, stopped, impossible: null, elapsedMs: elapsed(), firstFeasibleMs };
}

/** Quick, certain reasons why no clash-free timetable exists (Vietnamese), with the lessons involved. */
function findImpossible(m: Model, items: Item[]): GenerateResult['impossible'] {
  const lessonIds = new Set<number>();
  const reasons: string[] = [];
  for (const it of items) {
    if (!it.movable) continue;
    const c = it.cls;
    if (it.domain.length === 0) {
      lessonIds.add(it.lesson.id);
      const why = `Lớp ${c.name} không còn ${it.lesson.length > 1 ? 'cặp tiết đôi' : 'tiết'} nào để xếp (giáo viên bận hoặc trùng chào cờ, sinh hoạt lớp).`;
      if (!reasons.includes(why)) reasons.push(why);
    }
    if (it.rooms.length === 0) {
      lessonIds.add(it.lesson.id);
      const fixed = c.fixedRoomId != null ? m.roomById.get(c.fixedRoomId) : undefined;
      const why = fixed
        ? `Phòng cố định ${fixed.code} của lớp ${c.name} không phù hợp (cần ${kindLabel(c.roomKind)} ở đúng cơ sở, đủ ${c.size} chỗ).`
        : `Lớp ${c.name} cần ${kindLabel(c.roomKind)} đủ ${c.size} chỗ nhưng cơ sở của lớp không có phòng nào như vậy.`;
      if (!reasons.includes(why)) reasons.push(why);
    }
  }

  // Demand against supply: teachers, fixed rooms and groups of students.
  const supply = (free: (day: number, period: number) => boolean, campusId: number, perDay = MAX_P) => {
    const g = gridFor(m.gridOf, campusId);
    let n = 0;
    for (const d of g.days) {
      let k = 0;
      for (let p = 1; p <= g.sessions.length; p++) if (free(d, p)) k++;
      n += Math.min(k, perDay);
    }
    return n;
  };
  const need = new Map<string, { periods: number; lessons: number[] }>();
  const addNeed = (key: string, it: Item) => {
    const n = need.get(key) ?? { periods: 0, lessons: [] };
    n.periods += it.lesson.length;
    n.lessons.push(it.lesson.id);
    need.set(key, n);
  };
  for (const it of items) {
    for (const t of new Set(it.cls.teacherIds)) addNeed(`t:${t}`, it);
    if (it.cls.fixedRoomId != null) addNeed(`r:${it.cls.fixedRoomId}`, it);
    for (const x of it.res) if (m.resources[x].kind === 'set') addNeed(`s:${m.resources[x].ref}`, it);
  }
  for (const [key, n] of need) {
    const [kind, idStr] = key.split(':');
    const id = Number(idStr);
    if (kind === 't') {
      const t = m.inst.teachers.find((x) => x.id === id);
      const un = new Set(t?.unavailable ?? []);
      const campus = t?.homeroomCampusId ?? items.find((it) => it.cls.teacherIds.includes(id))!.cls.campusId;
      const fixed = new Set(
        t?.homeroomCampusId != null ? gridFor(m.gridOf, t.homeroomCampusId).fixedEvents.map((e) => `${e.day}:${e.period}`) : [],
      );
      const free = supply((d, p) => !un.has(`${d}:${p}`) && !fixed.has(`${d}:${p}`), campus);
      if (n.periods > free) {
        n.lessons.forEach((l) => lessonIds.add(l));
        reasons.push(`Giáo viên ${t?.name ?? id} cần dạy ${n.periods} tiết một tuần nhưng chỉ còn ${free} tiết có thể dạy.`);
      }
    } else if (kind === 'r') {
      const r = m.roomById.get(id);
      if (!r) continue;
      const free = supply(() => true, r.campusId);
      if (n.periods > free) {
        n.lessons.forEach((l) => lessonIds.add(l));
        reasons.push(`Phòng ${r.code} là phòng cố định của các lớp cần ${n.periods} tiết một tuần nhưng khung tiết chỉ có ${free} tiết.`);
      }
    } else {
      const set = m.sets[id];
      const campus = set.campusId ?? m.classById.get(set.classIds[0])!.campusId;
      const g = gridFor(m.gridOf, campus);
      const fixed = new Set(set.campusId != null ? g.fixedEvents.map((e) => `${e.day}:${e.period}`) : []);
      const perDayFixed = (d: number) => (set.campusId != null ? g.fixedEvents.filter((e) => e.day === d).length : 0);
      let free = 0;
      for (const d of g.days) {
        let k = 0;
        for (let p = 1; p <= g.sessions.length; p++) if (!fixed.has(`${d}:${p}`)) k++;
        free += Math.max(0, Math.min(k, g.maxPeriodsPerDay - perDayFixed(d)));
      }
      if (n.periods > free) {
        n.lessons.forEach((l) => lessonIds.add(l));
        const names = set.classIds.map((c) => m.classById.get(c)!.name).join(', ');
        reasons.push(
          `${set.studentIds.length} học sinh học ${names} cần ${n.periods} tiết một tuần nhưng khung tiết chỉ cho phép ${free} tiết (tối đa ${g.maxPeriodsPerDay} tiết một ngày).`,
        );
      }
    }
  }
  return reasons.length ? { lessonIds: [...lessonIds].sort((a, b) => a - b), reasons } : null;
}
