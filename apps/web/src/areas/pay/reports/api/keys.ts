/** The paths of the part; reads are keyed ['pay-reports', path, params]. */
export const PAY_REPORTS_PATH = '/v1/pay/reports';
export const PAY_OVERVIEW_PATH = '/v1/pay/overview';
export const reportKey = (academicYearId: number | null) => ['pay-reports', PAY_REPORTS_PATH, { academicYearId }] as const;
export const overviewKey = ['pay-reports', PAY_OVERVIEW_PATH] as const;
