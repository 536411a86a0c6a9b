// What the shell and the login page use of the settings: the school's name and logo (one query), and the mark.
export { useSchoolInfo } from './api/get-school-info';
export { SchoolMark } from './components/school-mark';
// The registration defaults a new round's form starts with (the admin's registration page).
export { useRegistrationDefaults } from './api/registration-defaults';
