import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { TSurvey } from '@app/shared/surveys';

/** What every tab of /admin/surveys/{id} receives. `surveyId` is null for a survey not saved yet. */
export interface SurveyTabProps {
  surveyId: number | null;
  /** The survey as the server last answered it (null while new). */
  survey: TSurvey | null;
}

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

/**
 * The tabs of /admin/surveys/{id}, in order. Another feature adds its tab with one line, e.g.
 *   { key: 'results', label: 'Kết quả', component: lazy(() => import('../results/components/results-tab')) },
 * Planned: "Tiến độ" (completion), "Kết quả" (results), "Duyệt ý kiến" (text review).
 */
export const SURVEY_DETAIL_TABS: SurveyDetailTab[] = [
  { key: 'builder', label: 'Thiết kế', component: lazy(() => import('./components/survey-builder-tab')), forNew: true, forTemplate: true },
  { key: 'progress', label: 'Tiến độ', component: lazy(() => import('../monitoring/components/completion-tab')) },
  { key: 'results', label: 'Kết quả', component: lazy(() => import('../results/components/results-tab')) },
  { key: 'reviews', label: 'Duyệt ý kiến', component: lazy(() => import('../text-reviews/components/text-review-tab')) },
  { key: 'themes', label: 'Chủ đề ý kiến', component: lazy(() => import('../themes/components/survey-themes-tab')) },
];
