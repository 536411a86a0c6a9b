import { courseClassesImport } from './course-classes.import';
import { enrolmentsImport } from './enrolments.import';
import type { ImportKind } from './import-kind';
import { studentsImport } from './students.import';
import { teachersImport } from './teachers.import';
import { usersImport } from './users.import';

/** Every importable kind, in the order the import pages list them. */
export const importKinds: ImportKind<any>[] = [studentsImport, teachersImport, usersImport, courseClassesImport, enrolmentsImport];
