import { lazy } from 'react';
import type { DashboardCard } from '@/areas/dashboard/public';
import { CurrentPayRunCard, PayTodoCard } from '@/areas/pay/reports/public';
import { WaitingPayRunsCard } from '@/areas/pay/runs/public';
import { EscalatedFormsCard } from '@/areas/forms/requests/public';
import { AcademicQueueCard, FacilitySummaryCard, TeachingLoadCard } from '@/areas/school/overview/public';
import {
  AdminSurveyStatsCard,
  ModuleCompletionCard,
  PrincipalSurveyStatsCard,
  QualitySurveyStatsCard,
} from '@/areas/surveys/monitoring/public';
import { AdminPublicationQueueCard, PublishedResultsCard, QualityPublicationQueueCard } from '@/areas/surveys/results/public';
import { AdminPendingReviewsCard, QualityPendingReviewsCard } from '@/areas/surveys/text-reviews/public';
import { DeclarationsByDepartmentCard } from '@/areas/teaching/declarations/public';

/**
 * The facility manager's campus timetable (issue 13) is its own chunk: only that dashboard loads the
 * timetable grid code (the dashboard page puts each card in a Suspense boundary).
 */
const CampusTimetableCard = lazy(() => import('@/areas/timetables/public').then((m) => ({ default: m.CampusTimetableCard })));

/** Dashboards of the school's offices: admin, principal, quality assurance, academic affairs, accountant, facility manager. */
export const OFFICE_DASHBOARD_CARDS: Readonly<Record<string, readonly DashboardCard[]>> = {
  '/admin/dashboard': [
    { key: 'survey-stats', roles: ['ADMIN'], component: AdminSurveyStatsCard },
    { key: 'pending-reviews', roles: ['ADMIN'], component: AdminPendingReviewsCard },
    { key: 'publication-queue', roles: ['ADMIN'], component: AdminPublicationQueueCard },
  ],
  '/principal/dashboard': [
    { key: 'survey-stats', roles: ['PRINCIPAL'], component: PrincipalSurveyStatsCard },
    { key: 'published-results', roles: ['PRINCIPAL'], component: PublishedResultsCard },
    { key: 'decisions', roles: ['PRINCIPAL'], component: WaitingPayRunsCard },
    { key: 'student-forms', roles: ['PRINCIPAL'], component: EscalatedFormsCard },
    { key: 'module-completion', roles: ['PRINCIPAL'], component: ModuleCompletionCard },
  ],
  '/quality/dashboard': [
    { key: 'pending-reviews', roles: ['QUALITY_ASSURANCE'], component: QualityPendingReviewsCard },
    { key: 'publication-queue', roles: ['QUALITY_ASSURANCE'], component: QualityPublicationQueueCard },
    { key: 'survey-stats', roles: ['QUALITY_ASSURANCE'], component: QualitySurveyStatsCard },
    { key: 'module-completion', roles: ['QUALITY_ASSURANCE'], component: ModuleCompletionCard },
  ],
  '/academic/dashboard': [
    { key: 'declarations', roles: ['ACADEMIC_AFFAIR'], component: DeclarationsByDepartmentCard },
    { key: 'academic-queue', roles: ['ACADEMIC_AFFAIR'], component: AcademicQueueCard },
  ],
  '/accountant/dashboard': [
    { key: 'pay-run', roles: ['ACCOUNTANT'], component: CurrentPayRunCard },
    { key: 'pay-todo', roles: ['ACCOUNTANT'], component: PayTodoCard },
    { key: 'teaching-load', roles: ['ACCOUNTANT'], component: TeachingLoadCard },
  ],
  '/facility/dashboard': [
    { key: 'campus-timetable', roles: ['FACILITY_MANAGER'], component: CampusTimetableCard },
    { key: 'facility-summary', roles: ['FACILITY_MANAGER'], component: FacilitySummaryCard },
  ],
};
