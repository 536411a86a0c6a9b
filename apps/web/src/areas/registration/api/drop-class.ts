import { postStudentAction } from './student-action';

/** POST /registration/me/rounds/{id}/drop: gives up a seat or a place in the waitlist. */
export const dropClass = (roundId: number, courseClassId: number) => postStudentAction(roundId, 'drop', { courseClassId });
