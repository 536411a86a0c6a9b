/**
 * The system log's words. The Vietnamese names of audit codes live in
 * `packages/shared/src/system-log.ts` (ENTITY_LABELS, ACTION_LABELS, JOB_LABELS, FIELD_LABELS): the
 * server's XLSX export prints the same names as this page. A new audit entity, action, job or
 * snapshot field gets its label there; log-labels.test.ts fails on any code the server writes without one.
 */
import { actionLabel, entityLabel, labelGroups } from '@app/shared/system-log';

export { actionLabel, entityLabel };

/** The "Đối tượng" filter: one entry per label ("Học sinh" stands for `student` and an import's `students`). */
export const entityOptions = (codes: readonly string[]) => labelGroups(codes, entityLabel);
export const actionOptions = (codes: readonly string[]) => labelGroups(codes, actionLabel);

/**
 * The option a filter value belongs to: an address made by hand or by another page may name one code
 * (`?entity=student`) of an entry that stands for several.
 */
export function optionValue(options: ReadonlyArray<{ value: string }>, value: string): string {
  if (!value || options.some((o) => o.value === value)) return value;
  const wanted = value.split(',');
  return options.find((o) => o.value.split(',').some((c) => wanted.includes(c)))?.value ?? value;
}
