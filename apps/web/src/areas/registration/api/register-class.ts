import { postStudentAction } from './student-action';

/** POST /registration/me/rounds/{id}/register: a seat, or a place in the waitlist when full and the round keeps one. */
export const registerClass = (roundId: number, courseClassId: number) => postStudentAction(roundId, 'register', { courseClassId });
