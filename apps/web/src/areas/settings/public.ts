// What the shell and the login page use of the settings: the school's name and logo (one query), and the mark.
export { useSchoolInfo, SCHOOL_INFO_KEY } from './api/get-school-info';
export { SchoolMark } from './components/school-mark';
