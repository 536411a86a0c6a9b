import type { DbOrTx } from '@/db/client';
import { paySourceRows, type PaySourceRow } from './pay-sources.repository';

/* The declarations part's face for pay (issue 16): who declared what in a run's semesters. */

export type { PaySourceRow };

/** Every teacher who declared or taught in `semesterIds`, one row per semester with their declaration (if any). */
export const declarationsForPay = (db: DbOrTx, semesterIds: number[]) => paySourceRows(db, semesterIds);
