/** A run's scope: "2025-2026" or "Học kỳ 1 · 2025-2026". */
export function runScope(run: { academicYearName: string; semesterName: string | null }): string {
  return run.semesterName ? `${run.semesterName} · ${run.academicYearName}` : run.academicYearName;
}
