import { createElement, lazy } from 'react';
import type { SurveyDetailTab } from '@/areas/surveys/core/survey-tabs';
import SurveyDetailPage from '@/areas/surveys/admin/pages/survey-detail-page';

/**
 * The tabs of /admin/surveys/{id}, in order: each survey part adds its tab here with one line. Each
 * tab is its own chunk, loaded when the tab is first opened.
 */
const SURVEY_DETAIL_TABS: readonly SurveyDetailTab[] = [
  {
    key: 'builder',
    label: 'Thiết kế',
    component: lazy(() => import('@/areas/surveys/admin/components/survey-builder-tab')),
    forNew: true,
    forTemplate: true,
  },
  { key: 'progress', label: 'Tiến độ', component: lazy(() => import('@/areas/surveys/monitoring/components/completion-tab')) },
  { key: 'results', label: 'Kết quả', component: lazy(() => import('@/areas/surveys/results/components/results-tab')) },
  { key: 'reviews', label: 'Duyệt ý kiến', component: lazy(() => import('@/areas/surveys/text-reviews/components/text-review-tab')) },
  { key: 'themes', label: 'Chủ đề ý kiến', component: lazy(() => import('@/areas/surveys/themes/components/survey-themes-tab')) },
];

/** /admin/surveys/{id}: the admin's survey page with the tabs above (pages.ts loads this module for the route). */
export default function SurveyDetailRoute() {
  return createElement(SurveyDetailPage, { tabs: SURVEY_DETAIL_TABS });
}
