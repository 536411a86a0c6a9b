import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  SETTINGS_MSG,
  SETTINGS_SCHEMAS,
  SETTINGS_SECTIONS,
  ZNotificationsSection,
  ZRegistrationSection,
  ZSchoolSection,
  ZSignInSection,
  ZSurveyResultsSection,
  type TNotificationsSection,
  type TRegistrationSection,
  type TSchoolInfo,
  type TSchoolSection,
  type TSectionValues,
  type TSettingsSection,
  type TSettingsSectionName,
  type TSettingsSummary,
  type TSettingsView,
  type TSignInSection,
} from '@app/shared/settings';
import type { Db, DbOrTx } from '@/db/client';
import type { Actor } from '@/plugins/actor';
import { AppError, badRequest, notFound } from '@/plugins/errors';
import type { EventBus } from '@/plugins/events';
import { write } from '@/lib/write';
import { publicationSettings, savePublicationSettings } from '@/areas/surveys/results/publication.service';
import {
  readSettings as textReviewSettings,
  saveSettings as saveTextReviewSettings,
} from '@/areas/surveys/text-reviews/text-reviews.service';
import { listPeriods } from '@/areas/teaching/declarations/periods.service';
import { gridsOf } from '@/areas/timetables/setup.service';
import { listPaySettings } from '@/areas/pay/coefficients/settings.service';
import {
  assetMetaOf,
  assetOf,
  deleteAsset,
  insertMissing,
  lockedRow,
  putAsset,
  settingRows,
  updateRow,
  type AssetMeta,
  type SettingRow,
} from './settings.repository';

/*
 * System settings (issue 17). Each section is one app_settings row `settings.<section>` with a version.
 * What the server reads on every request (the school's name, k, the sign-in domains…) comes from an
 * in-process copy, `SettingsStore.schoolSettings()`, loaded at start and reloaded on `settings.changed`
 * here (after a save) and in every other process (`events.onRemote`), so a save takes effect everywhere
 * without a restart. Survey publication and the text review's auto-approve keep the storage their areas
 * already had; this section saves them through those areas' services.
 */

const keyOf = (section: string) => `settings.${section}`;
const LOGO_KEY = 'logo';

/** What each row stores: the parts the settings area owns (the rest of a section lives in its area). */
const STORED = {
  school: ZSchoolSection,
  'survey-results': ZSurveyResultsSection.pick({ minGroupSize: true }),
  // The text review's value lives in the text-reviews area; this row keeps the section's version only.
  'text-review': z.object({}),
  registration: ZRegistrationSection,
  notifications: ZNotificationsSection,
  'sign-in': ZSignInSection,
} as const satisfies Record<TSettingsSectionName, z.ZodType>;
type Stored = { [K in TSettingsSectionName]: z.output<(typeof STORED)[K]> };

/** The school's settings as every reader on the server sees them (synchronously). */
export interface SchoolSettings {
  school: TSchoolSection;
  surveyResults: { minGroupSize: number };
  registration: TRegistrationSection;
  notifications: TNotificationsSection;
  signIn: TSignInSection;
  /** The logo's last change (null: none), for its URL. */
  logoUpdatedAt: Date | null;
}

/** The environment variables that are only the first start's values (README "Configuration"). */
export interface FirstStartDefaults {
  schoolName: string;
  minGroupSize: number;
  allowedDomains: string[];
  adminEmails: string[];
}

/** Those variables, from the parsed configuration. */
export function firstStartDefaultsOf(c: {
  schoolName: string;
  results: { minGroupSize: number };
  auth: { allowedDomains: string[]; adminEmails: string[] };
}): FirstStartDefaults {
  return {
    schoolName: c.schoolName,
    minGroupSize: c.results.minGroupSize,
    allowedDomains: c.auth.allowedDomains,
    adminEmails: c.auth.adminEmails,
  };
}

function defaultsOf(d: FirstStartDefaults): Stored {
  const signIn = ZSignInSection.safeParse({ allowedDomains: d.allowedDomains, adminEmails: d.adminEmails });
  return {
    school: { name: d.schoolName.trim() || 'Trường THPT Chuyên', address: '' },
    'survey-results': { minGroupSize: d.minGroupSize },
    'text-review': {},
    registration: { defaultCapacity: null, waitlistByDefault: true, maxClasses: null },
    notifications: { defaultOff: [], emailFrom: '' },
    'sign-in': signIn.success ? signIn.data : { allowedDomains: d.allowedDomains, adminEmails: d.adminEmails },
  };
}

/** A stored value, or the default when a row is missing or no longer fits its schema (never fails a start). */
function storedOf<K extends TSettingsSectionName>(section: K, rows: SettingRow[], defaults: Stored): Stored[K] {
  const row = rows.find((r) => r.key === keyOf(section));
  const parsed = row ? STORED[section].safeParse(row.value) : null;
  return parsed?.success ? (parsed.data as Stored[K]) : defaults[section];
}

async function loadAll(db: DbOrTx, defaults: Stored): Promise<SchoolSettings> {
  const [rows, logo] = await Promise.all([settingRows(db, SETTINGS_SECTIONS.map(keyOf)), assetMetaOf(db, LOGO_KEY)]);
  return {
    school: storedOf('school', rows, defaults),
    surveyResults: storedOf('survey-results', rows, defaults),
    registration: storedOf('registration', rows, defaults),
    notifications: storedOf('notifications', rows, defaults),
    signIn: storedOf('sign-in', rows, defaults),
    logoUpdatedAt: logo?.updatedAt ?? null,
  };
}

/**
 * First start: writes each missing section with its default (the environment's values); a row already
 * there wins, whoever wrote it. Answers the settings as stored (main.ts reads the admin e-mails from it).
 */
export async function firstStartSettings(db: DbOrTx, d: FirstStartDefaults): Promise<SchoolSettings> {
  const defaults = defaultsOf(d);
  await insertMissing(
    db,
    SETTINGS_SECTIONS.map((s) => ({ key: keyOf(s), value: defaults[s] })),
  );
  return loadAll(db, defaults);
}

export interface SettingsStore {
  /** The school's settings as last loaded: synchronous, for every request's reader. */
  schoolSettings(): SchoolSettings;
  /** Reads them again (a save here, a save in another process). */
  reload(): Promise<void>;
}

/**
 * The process's copy of the settings: rows written when missing, loaded, then reloaded on every
 * `settings.changed`, local (after this process's save) and remote (another worker's or host's).
 */
export async function startSettings(deps: {
  db: Db;
  events: EventBus;
  defaults: FirstStartDefaults;
  log?: Pick<FastifyBaseLogger, 'error'>;
}): Promise<SettingsStore> {
  const defaults = defaultsOf(deps.defaults);
  let current = await firstStartSettings(deps.db, deps.defaults);
  // A slower, older read never overwrites a newer one.
  let started = 0;
  let applied = 0;
  const reload = async () => {
    const n = ++started;
    try {
      const next = await loadAll(deps.db, defaults);
      if (n > applied) {
        applied = n;
        current = next;
      }
    } catch (err) {
      deps.log?.error({ err }, 'settings reload failed; the previous values stay in use');
    }
  };
  deps.events.on('settings.changed', reload);
  deps.events.onRemote('settings.changed', reload);
  // The link to the other processes was down: a save may have been missed.
  deps.events.onRemoteGap(() => void reload());
  return { schoolSettings: () => current, reload };
}

// ---------------------------------------------------------------- public school info

const logoUrl = (s: SchoolSettings) => (s.logoUpdatedAt ? `/api/v1/school/logo?v=${s.logoUpdatedAt.getTime()}` : null);

/** What the login page and the shell show (no sign-in). */
export function schoolInfo(store: SettingsStore): TSchoolInfo {
  const s = store.schoolSettings();
  return { name: s.school.name, address: s.school.address, logoUrl: logoUrl(s) };
}

export async function logoFile(db: DbOrTx) {
  const logo = await assetOf(db, LOGO_KEY);
  if (!logo) throw notFound(SETTINGS_MSG.noLogo);
  return logo;
}

// ---------------------------------------------------------------- reading and saving sections

/** A section's full value: the stored part and, for the sections that reuse another area's storage, that area's values. */
async function sectionValue(db: DbOrTx, section: TSettingsSectionName, stored: unknown): Promise<Record<string, unknown>> {
  if (section === 'survey-results') return { ...(stored as object), ...(await publicationSettings(db)) };
  if (section === 'text-review') return { ...(await textReviewSettings(db)) };
  return { ...(stored as object) };
}

async function sectionsOf(db: DbOrTx, defaults: Stored, only?: TSettingsSectionName): Promise<TSettingsSection[]> {
  const names = only ? [only] : SETTINGS_SECTIONS;
  const rows = await settingRows(db, names.map(keyOf));
  return Promise.all(
    names.map(async (section) => {
      const row = rows.find((r) => r.key === keyOf(section));
      return {
        section,
        value: (await sectionValue(db, section, storedOf(section, rows, defaults))) as TSectionValues[typeof section],
        version: row?.version ?? 1,
        updatedAt: row ? row.updatedAt.toISOString() : null,
        updatedByName: row?.updatedByName ?? null,
      };
    }),
  );
}

export interface SettingsDeps {
  db: Db;
  events: EventBus;
  store: SettingsStore;
  defaults: FirstStartDefaults;
  /** Keeps the sign-in section's admin e-mails as active administrators (seed/admins.ts, as at every start). */
  ensureAdmins?: (db: Db, emails: string[]) => Promise<void>;
}

export async function readSettingsView(deps: SettingsDeps): Promise<TSettingsView> {
  return { sections: await sectionsOf(deps.db, defaultsOf(deps.defaults)), school: schoolInfo(deps.store) };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Saves one section if nobody saved it since `version` was read: 409 with the section as it is now
 * otherwise. Audited with before/after; every process reloads before this answers (here, awaited).
 */
export async function saveSection<K extends TSettingsSectionName>(
  deps: SettingsDeps,
  actor: Actor,
  input: { section: K; version: number; value: TSectionValues[K] },
): Promise<TSettingsSection> {
  const { db, events } = deps;
  const { section } = input;
  const key = keyOf(section);
  const value = SETTINGS_SCHEMAS[section].parse(input.value) as TSectionValues[K];
  const own = STORED[section].parse(value);
  const defaults = defaultsOf(deps.defaults);
  const before = await write(db, actor, async (ctx) => {
    let row = await lockedRow(ctx.tx, key);
    if (!row) {
      // A row removed by hand since the start: put the default back so the save has a version to check.
      await insertMissing(ctx.tx, [{ key, value: defaults[section] }]);
      row = await lockedRow(ctx.tx, key);
    }
    if (!row || row.version !== input.version) {
      const [current] = await sectionsOf(ctx.tx, defaults, section);
      throw new AppError('CONFLICT', SETTINGS_MSG.stale, { current });
    }
    const parsed = STORED[section].safeParse(row.value);
    const old = parsed.success ? parsed.data : defaults[section];
    await updateRow(ctx.tx, { key, value: own, version: row.version, userId: actor.userId });
    if (!same(old, own)) await ctx.log({ action: 'update', entity: 'app_setting', entityId: key, before: old, after: own });
    return old;
  });
  // The parts other areas store, through their services (each audits its own change).
  if (section === 'survey-results') {
    const v = value as TSectionValues['survey-results'];
    const pub = await publicationSettings(db);
    if (pub.autoPublish !== v.autoPublish || pub.restrictedFiltered !== v.restrictedFiltered)
      await savePublicationSettings(db, events, actor, { autoPublish: v.autoPublish, restrictedFiltered: v.restrictedFiltered });
  }
  if (section === 'text-review') {
    const v = value as TSectionValues['text-review'];
    if ((await textReviewSettings(db)).autoApproveClean !== v.autoApproveClean) await saveTextReviewSettings(db, actor, v);
  }
  if (section === 'sign-in' && deps.ensureAdmins) {
    const added = (own as TSignInSection).adminEmails.filter((e) => !(before as TSignInSection).adminEmails.includes(e));
    if (added.length) await deps.ensureAdmins(db, added);
  }
  await events.emitAndWait('settings.changed', { sections: [section] });
  const [saved] = await sectionsOf(db, defaults, section);
  return saved!;
}

// ---------------------------------------------------------------- the logo

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image type from the file's first bytes (never its name or the browser's word): PNG, JPEG, WebP. */
export function imageTypeOf(data: Buffer): 'image/png' | 'image/jpeg' | 'image/webp' | null {
  if (data.subarray(0, 8).equals(PNG)) return 'image/png';
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}

const metaOf = (m: AssetMeta | undefined) => (m ? { fileName: m.fileName, mimeType: m.mimeType, size: m.size } : null);

export async function saveLogo(deps: SettingsDeps, actor: Actor, file: { fileName: string; data: Buffer }): Promise<TSchoolInfo> {
  const mimeType = imageTypeOf(file.data);
  if (!mimeType) throw badRequest(SETTINGS_MSG.logoType);
  const fileName = file.fileName.replace(/[\\/]/g, '_').slice(0, 200) || 'logo';
  await write(deps.db, actor, async (ctx) => {
    const before = metaOf(await assetMetaOf(ctx.tx, LOGO_KEY));
    await putAsset(ctx.tx, { key: LOGO_KEY, fileName, mimeType, data: file.data, userId: actor.userId });
    await ctx.log({
      action: before ? 'update' : 'create',
      entity: 'school_asset',
      entityId: LOGO_KEY,
      before,
      after: { fileName, mimeType, size: file.data.length },
    });
  });
  await deps.events.emitAndWait('settings.changed', { sections: ['logo'] });
  return schoolInfo(deps.store);
}

export async function removeLogo(deps: SettingsDeps, actor: Actor): Promise<TSchoolInfo> {
  await write(deps.db, actor, async (ctx) => {
    const before = metaOf(await assetMetaOf(ctx.tx, LOGO_KEY));
    if (!before || !(await deleteAsset(ctx.tx, LOGO_KEY))) throw notFound(SETTINGS_MSG.noLogo);
    await ctx.log({ action: 'delete', entity: 'school_asset', entityId: LOGO_KEY, before });
  });
  await deps.events.emitAndWait('settings.changed', { sections: ['logo'] });
  return schoolInfo(deps.store);
}

// ---------------------------------------------------------------- other areas' settings, read-only

/** Holidays, period grids, the workload rule set and pay values in force: each read through its area's service. */
export async function settingsSummary(db: Db, actor: Actor): Promise<TSettingsSummary> {
  const [periods, grids, pay] = await Promise.all([listPeriods(db, actor), gridsOf(db), listPaySettings(db)]);
  const inForce = pay.items.find((v) => v.id === pay.inForceId) ?? null;
  return {
    holidays: periods.map((p) => ({ periodId: p.id, label: `${p.semesterName} · ${p.yearName}`, holidays: p.holidays })),
    grids: grids.map((g) => ({
      campusId: g.campusId,
      campusName: g.campusName,
      days: g.days.length,
      periods: g.periods.length,
      firstStart: g.periods[0]?.start ?? null,
      lastEnd: g.periods.at(-1)?.end ?? null,
    })),
    ruleSet: pay.ruleSet.id
      ? {
          name: pay.ruleSet.name,
          effectiveFrom: pay.ruleSet.effectiveFrom,
          teachingWeeks: pay.ruleSet.teachingWeeks,
          overtimeCapPerYear: pay.ruleSet.overtimeCapPerYear,
        }
      : null,
    pay: inForce
      ? { effectiveFrom: inForce.effectiveFrom, baseSalary: inForce.baseSalary, overtimeRatePercent: inForce.overtimeRatePercent }
      : null,
  };
}

// ---------------------------------------------------------------- for the notifications area

/**
 * The notifications section for the notifications area: kinds off until a user turns them on, and the
 * e-mail sender (null: SMTP_FROM). Read from the database, so it is current in a job or any process.
 */
export async function notificationDefaults(
  db: DbOrTx,
): Promise<{ defaultOff: TNotificationsSection['defaultOff']; emailFrom: string | null }> {
  const [row] = await settingRows(db, [keyOf('notifications')]);
  const parsed = row ? ZNotificationsSection.safeParse(row.value) : null;
  const v = parsed?.success ? parsed.data : { defaultOff: [], emailFrom: '' };
  return { defaultOff: v.defaultOff, emailFrom: v.emailFrom || null };
}
