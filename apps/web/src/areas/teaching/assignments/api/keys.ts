/** The query keys of the assignment board; every write of the part refreshes `['teaching-assignments']`. */
export const boardKey = (moduleId: number | null, departmentId: number | null) =>
  ['teaching-assignments', '/v1/teaching/assignments', { moduleId, departmentId }] as const;
export const BOARD_ROOT = ['teaching-assignments'] as const;
