// What other areas use of regulations (issue 17): the student's and admin's "Quy chế" tabs of the forms pages,
// and the homeroom teacher's read-only acknowledgement status for /teacher/homeroom-class.
export { StudentRegulationsTab } from './components/student-regulations-tab';
export { AdminRegulationsTab } from './components/admin-regulations-tab';
export { HomeroomRegulationsStatus } from './components/homeroom-regulations-status';
