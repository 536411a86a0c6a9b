import { postStudentAction } from './student-action';

/** POST /registration/me/rounds/{id}/swap: drops `from` only if `to` is obtained, in one step (never left with neither). */
export const swapClass = (roundId: number, fromCourseClassId: number, toCourseClassId: number) =>
  postStudentAction(roundId, 'swap', { fromCourseClassId, toCourseClassId });
