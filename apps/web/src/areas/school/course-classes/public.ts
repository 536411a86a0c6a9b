// What other areas use of course classes: the caller's own classes of a module (the survey previews, the teacher's dashboard card).
export { getMyCourseClasses } from './api/get-my-course-classes';
export { MyCourseClassesCard } from './components/my-course-classes-card';
