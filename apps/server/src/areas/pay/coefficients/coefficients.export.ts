import { isoDateInSchool, isoToDisplay } from '@app/shared/format';
import type { Db } from '@/db/client';
import { xlsxBuffer } from '@/lib/xlsx';
import { coefficientRows, type CoefficientRow } from '../core/values.repository';
import { byTeacher, inForceOn } from '../core/values';
import { headerOf, type CoefficientColumnKey } from './coefficients.columns';
import { allTeacherRefs, type TeacherRef } from './coefficients.repository';

/**
 * Every teacher's version in force today as XLSX, in the import's columns (a sheet sent back imports,
 * each row updating the version it came from), plus the teacher's name and department after them for
 * reading (the import ignores columns it does not know). Teachers without coefficients are left out.
 */
export async function coefficientsExport(db: Db, today = isoDateInSchool()): Promise<{ filename: string; body: Buffer }> {
  const [teachers, versions] = await Promise.all([allTeacherRefs(db), coefficientRows(db)]);
  const byT = byTeacher(versions);
  const rows = teachers.flatMap((t) => {
    const c = inForceOn(byT.get(t.id) ?? [], today);
    return c ? [{ t, c }] : [];
  });
  const num = (s: string | null) => (s === null ? null : Number(s));
  const values: Record<CoefficientColumnKey, (r: { t: TeacherRef; c: CoefficientRow }) => string | number | null> = {
    staffCode: ({ t }) => t.staffCode,
    effectiveFrom: ({ c }) => isoToDisplay(c.effectiveFrom),
    rank: ({ c }) => c.rank,
    step: ({ c }) => c.step,
    leadershipCoefficient: ({ c }) => num(c.leadershipCoefficient),
    preferentialPercent: ({ c }) => num(c.preferentialPercent),
    seniorityPercent: ({ c }) => num(c.seniorityPercent),
    serviceStartDate: ({ c }) => (c.serviceStartDate ? isoToDisplay(c.serviceStartDate) : null),
    otherCoefficient: ({ c }) => num(c.otherCoefficient),
    note: ({ c }) => c.note,
  };
  const body = await xlsxBuffer({
    sheet: 'Hệ số lương giáo viên',
    rows,
    columns: [
      ...(Object.keys(values) as CoefficientColumnKey[]).map((key) => ({ header: headerOf(key), value: values[key] })),
      { header: 'Họ và tên', width: 28, value: ({ t }: { t: TeacherRef }) => t.fullName },
      { header: 'Tổ chuyên môn', width: 24, value: ({ t }: { t: TeacherRef }) => t.departmentName },
      { header: 'Hệ số lương', value: ({ c }: { c: CoefficientRow }) => Number(c.coefficient) },
    ],
  });
  return { filename: `Hệ số lương giáo viên ${isoToDisplay(today).replace(/\//g, '-')}`, body };
}
