/**
 * The paths of the part. Lists go through the kit (query keys ['list', path …]); reads here are keyed
 * ['pay-runs', path …]: invalidating PAY_RUNS_ROOT refreshes every list, run and line at once.
 */
export const PAY_RUNS_ROOT = '/v1/pay/runs';
export const PAY_STATEMENTS_PATH = '/v1/pay/statements/mine';
export const runPath = (id: number) => `${PAY_RUNS_ROOT}/${id}`;
export const runKey = (id: number | null) => ['pay-runs', `${PAY_RUNS_ROOT}/${id}`] as const;
export const lineKey = (runId: number, teacherId: number | null) => ['pay-runs', `${PAY_RUNS_ROOT}/${runId}/lines/${teacherId}`] as const;
export const allLinesKey = (runId: number) => ['pay-runs', `${PAY_RUNS_ROOT}/${runId}/lines`, { all: '1' }] as const;
export const waitingRunsKey = ['pay-runs', PAY_RUNS_ROOT, { status: 'submitted' }] as const;
export const statementsKey = ['pay-runs', PAY_STATEMENTS_PATH] as const;
