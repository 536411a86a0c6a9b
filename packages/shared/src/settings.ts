import { z } from 'zod';
import { ZNotificationKind } from './notifications';

/*
 * System settings (issue 17; DOMAIN.md "Notifications and settings"). One page, `/admin/settings`, made
 * of sections. Each section the settings area owns is one app_settings row (`settings.<section>`) with a
 * `version`: a save carries the version it was read at, a stale one is refused (409) with the newer values.
 * Survey results' publication mode and the text review's auto-approve keep their own storage (the results
 * and text-reviews areas): the section saves them through those areas' services.
 *
 *  GET    /settings                         ADMIN  → ZSettingsView (every section, its version; the logo)
 *  PUT    /settings/{section}               ADMIN  { version, value } → ZSettingsSection (409 when stale)
 *  GET    /settings/summary                 ADMIN  → ZSettingsSummary (holidays, period grids, rule set, pay values in force)
 *  PUT    /settings/logo                    ADMIN  multipart file (PNG, JPEG, WebP; ≤ 512 KB) → ZSchoolInfo
 *  DELETE /settings/logo                    ADMIN  → ZSchoolInfo
 *  GET    /school                           public → ZSchoolInfo (the login page, the shell)
 *  GET    /school/logo                      public   the logo's bytes (404 when none)
 */

export const SETTINGS_SECTIONS = ['school', 'survey-results', 'text-review', 'registration', 'notifications', 'sign-in'] as const;
export const ZSettingsSectionName = z.enum(SETTINGS_SECTIONS);
export type TSettingsSectionName = z.infer<typeof ZSettingsSectionName>;

export const SETTINGS_SECTION_LABELS: Record<TSettingsSectionName, string> = {
  school: 'Thông tin trường',
  'survey-results': 'Kết quả khảo sát',
  'text-review': 'Kiểm duyệt câu trả lời',
  registration: 'Mặc định đăng ký học phần',
  notifications: 'Thông báo',
  'sign-in': 'Đăng nhập',
};

const text = (label: string, max: number) => z.string().trim().max(max, `${label} tối đa ${max} ký tự.`);

export const ZSchoolSection = z.object({
  name: text('Tên trường', 200).min(1, 'Nhập tên trường.'),
  address: text('Địa chỉ', 300).default(''),
});
export type TSchoolSection = z.infer<typeof ZSchoolSection>;

/** Slices under `minGroupSize` responses are hidden from teachers and heads (anonymity). */
export const ZSurveyResultsSection = z.object({
  minGroupSize: z
    .number({ message: 'Nhập số nguyên.' })
    .int('Nhập số nguyên.')
    .min(1, 'Ngưỡng ẩn danh ít nhất là 1.')
    .max(100, 'Ngưỡng ẩn danh tối đa là 100.'),
  /** Publish a survey by itself once closed and reviewed (stored by the results area). */
  autoPublish: z.boolean(),
  /** Teachers and heads see the filtered figures (stored by the results area). */
  restrictedFiltered: z.boolean(),
});
export type TSurveyResultsSection = z.infer<typeof ZSurveyResultsSection>;

/** The text-reviews area's own setting, saved through its service. */
export const ZTextReviewSection = z.object({ autoApproveClean: z.boolean() });
export type TTextReviewSection = z.infer<typeof ZTextReviewSection>;

const count = (label: string, min: number, max: number) =>
  z
    .number({ message: `${label}: nhập số nguyên.` })
    .int(`${label}: nhập số nguyên.`)
    .min(min, `${label} ít nhất là ${min}.`)
    .max(max, `${label} tối đa là ${max}.`);

/** What a new registration round starts with (the admin's form shows them; each round may differ). */
export const ZRegistrationSection = z.object({
  /** A class's seats in a new round; null: the course class's own capacity. */
  defaultCapacity: count('Sĩ số mặc định', 1, 1000).nullable(),
  waitlistByDefault: z.boolean(),
  /** Classes a student may take in a round; null: no limit. */
  maxClasses: count('Số lớp tối đa', 1, 50).nullable(),
});
export type TRegistrationSection = z.infer<typeof ZRegistrationSection>;

/** "Tên <địa-chỉ@miền>" or a bare address; empty = the server's SMTP_FROM. */
const SENDER = /^(?:[^<>@\s][^<>@]*<[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+)$/;
export const ZNotificationsSection = z.object({
  /** Kinds a user receives only after turning them on (profile). */
  defaultOff: z
    .array(ZNotificationKind)
    .max(50)
    .transform((a) => [...new Set(a)]),
  emailFrom: text('Người gửi', 200).refine(
    (v) => v === '' || SENDER.test(v),
    'Người gửi dạng "Tên <dia-chi@truong.edu.vn>" hoặc một địa chỉ e-mail.',
  ),
});
export type TNotificationsSection = z.infer<typeof ZNotificationsSection>;

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
export const ZSignInSection = z.object({
  /** Google accounts of these domains may sign in; empty = any domain (an account must still exist). */
  allowedDomains: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .transform((v) => v.replace(/^@/, ''))
        .refine((v) => DOMAIN.test(v), 'Tên miền không hợp lệ (ví dụ: truong.edu.vn).'),
    )
    .max(20, 'Tối đa 20 tên miền.')
    .transform((a) => [...new Set(a)]),
  /** Kept as active administrators at every start and on save. */
  adminEmails: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .refine((v) => EMAIL.test(v), 'E-mail không hợp lệ.'),
    )
    .max(50, 'Tối đa 50 e-mail.')
    .transform((a) => [...new Set(a)]),
});
export type TSignInSection = z.infer<typeof ZSignInSection>;

export const SETTINGS_SCHEMAS = {
  school: ZSchoolSection,
  'survey-results': ZSurveyResultsSection,
  'text-review': ZTextReviewSection,
  registration: ZRegistrationSection,
  notifications: ZNotificationsSection,
  'sign-in': ZSignInSection,
} as const satisfies Record<TSettingsSectionName, z.ZodType>;

export type TSectionValues = { [K in TSettingsSectionName]: z.output<(typeof SETTINGS_SCHEMAS)[K]> };

/** A section as read: its values, the version a save must carry, when and by whom it was last saved. */
export const ZSettingsSection = z.object({
  section: ZSettingsSectionName,
  value: z.record(z.string(), z.unknown()),
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
export type TSettingsSection<K extends TSettingsSectionName = TSettingsSectionName> = Omit<z.infer<typeof ZSettingsSection>, 'value'> & {
  value: TSectionValues[K];
};

/** The body of PUT /settings/{section}. */
export const ZSettingsSave = <T extends z.ZodType>(value: T) => z.object({ version: z.number().int().min(1), value });

/** Details of the 409 a stale save gets: the section as it is now. */
export const ZSettingsConflict = z.object({ current: ZSettingsSection });

/** Public: what the login page and the shell show. */
export const ZSchoolInfo = z.object({
  name: z.string(),
  address: z.string(),
  /** `/api/v1/school/logo?v=…` (changes with the logo), null when the school has none. */
  logoUrl: z.string().nullable(),
});
export type TSchoolInfo = z.infer<typeof ZSchoolInfo>;

export const ZSettingsView = z.object({
  sections: z.array(ZSettingsSection),
  school: ZSchoolInfo,
});
export type TSettingsView = z.infer<typeof ZSettingsView>;

export const LOGO_MAX_BYTES = 512 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** Read-only summaries of settings other areas own (links lead to where they are edited). */
export const ZSettingsSummary = z.object({
  /** Declaration periods and their holidays (teaching declarations; edited on /admin/teaching-declaration). */
  holidays: z.array(z.object({ periodId: z.number().int(), label: z.string(), holidays: z.array(z.string()) })),
  /** Each campus's period grid (timetables; edited on the timetable setup). */
  grids: z.array(
    z.object({
      campusId: z.number().int(),
      campusName: z.string(),
      days: z.number().int(),
      periods: z.number().int(),
      firstStart: z.string().nullable(),
      lastEnd: z.string().nullable(),
    }),
  ),
  /** The workload rule set and the pay values in force today. */
  ruleSet: z
    .object({ name: z.string(), effectiveFrom: z.string(), teachingWeeks: z.number().int(), overtimeCapPerYear: z.number().int() })
    .nullable(),
  pay: z.object({ effectiveFrom: z.string(), baseSalary: z.number().int(), overtimeRatePercent: z.number().int() }).nullable(),
});
export type TSettingsSummary = z.infer<typeof ZSettingsSummary>;

export const SETTINGS_MSG = {
  saved: 'Đã lưu cài đặt.',
  stale:
    'Cài đặt này vừa được người khác lưu. Trang đã hiện giá trị mới nhất; nội dung bạn nhập vẫn được giữ, hãy xem lại rồi lưu lần nữa.',
  logoSaved: 'Đã cập nhật logo.',
  logoRemoved: 'Đã xóa logo.',
  logoType: 'Logo phải là ảnh PNG, JPEG hoặc WebP (không nhận SVG).',
  logoSize: 'Logo tối đa 512 KB.',
  logoMissing: 'Chọn một tệp ảnh.',
  noLogo: 'Trường chưa có logo.',
} as const;
