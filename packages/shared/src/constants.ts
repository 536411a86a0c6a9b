/** Spec section 9: the timing constants and limits, in one place for the web and the tests. */
export const STORAGE_KEYS = {
  token: 'userToken',
  photo: 'userPhotoURL',
  role: 'userRole',
  theme: 'theme',
  selectedModuleId: 'selectedModuleId',
  /** Prefix of the student's in-progress survey answers: `surveyDraft:{surveyId}:{studentId}:{courseClassId|general}`. */
  surveyDraftPrefix: 'surveyDraft',
} as const;

export const TIMING = {
  authCheckGuardMs: 500,
  redirectDebounceMs: [800, 1000] as const,
  redirectLoopPauseMs: 3000,
  redirectLoopMaxRepeats: 2,
  postLoginNavigateMs: 100,
  moduleReloadThrottleMs: 1500,
  moduleInitialDelayMs: 500,
  moduleUnauthorizedRetryLimit: 1,
  moduleLogoutDelayMs: 1000,
  restoreToastMs: 3000,
  menuTypeAheadMs: 350,
} as const;

export const QUERY_DEFAULTS = {
  gcTimeMs: 5 * 60 * 1000,
  retries: 3,
  maxRetryDelayMs: 30_000,
} as const;

export const MOBILE_BREAKPOINT_PX = 768;
export const THEMES = ['light', 'dark-blue', 'dark-gray'] as const;
export type TTheme = (typeof THEMES)[number];
export const THEME_LABELS: Record<TTheme, string> = { light: 'Sáng', 'dark-blue': 'Tối xanh', 'dark-gray': 'Tối xám' };

export const SCHOOL_NAME = 'Trường THPT Chuyên';
