import type { ComponentType, LazyExoticComponent } from 'react';
import type { TSurvey } from '@app/shared/surveys';

/** What every tab of /admin/surveys/{id} receives. `surveyId` is null for a survey not saved yet. */
export interface SurveyTabProps {
  surveyId: number | null;
  /** The survey as the server last answered it (null while new). */
  survey: TSurvey | null;
}

/**
 * One tab of /admin/surveys/{id}. The list of tabs (each part's tab, loaded lazily) is put together in
 * the web app layer (app/survey-detail-tabs.ts) and handed to the admin page, so no part imports another.
 */
export interface SurveyDetailTab {
  /** `?tab=` value. */
  key: string;
  label: string;
  /** Loaded when the tab is first opened. */
  component: LazyExoticComponent<ComponentType<SurveyTabProps>>;
  /** Shown before the survey is saved (only the builder makes sense then). */
  forNew?: boolean;
  /** Shown for templates (no responses, so no progress or results). */
  forTemplate?: boolean;
}
