import { courseClassesImport } from '../course-classes/course-classes.import';
import { enrolmentsImport } from '../course-classes/enrolments.import';
import type { ImportKind } from './import-kind';
import { studentsImport } from '../students/students.import';
import { teachersImport } from '../teachers/teachers.import';
import { usersImport } from '../users/users.import';

/** Every importable kind, in the order the import pages list them. */
export const importKinds: ImportKind<any>[] = [studentsImport, teachersImport, usersImport, courseClassesImport, enrolmentsImport];
