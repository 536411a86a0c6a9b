import { SALARY_RANKS } from '@app/shared/pay-calc';

export type CoefficientColumnKey =
  | 'staffCode'
  | 'effectiveFrom'
  | 'rank'
  | 'step'
  | 'leadershipCoefficient'
  | 'preferentialPercent'
  | 'seniorityPercent'
  | 'serviceStartDate'
  | 'otherCoefficient'
  | 'note';

/** A column as the import mechanism takes it (areas/school/core/import-kind.ts `ImportColumn`, checked where the importer is registered). */
interface Column {
  key: CoefficientColumnKey;
  header: string;
  required?: boolean;
  note?: string;
  example?: string;
  choices?: readonly string[];
}

/**
 * The sheet's columns, shared by the import and the export so a sheet sent back imports: the keys are
 * the import row's, the headers exactly what both files carry.
 */
export const COEFFICIENT_COLUMNS: Column[] = [
  {
    key: 'staffCode',
    header: 'Mã giáo viên',
    required: true,
    example: 'GV001',
    note: 'Mã giáo viên đã có trong danh sách giáo viên.',
  },
  {
    key: 'effectiveFrom',
    header: 'Ngày hiệu lực',
    required: true,
    example: '01/09/2026',
    note: 'dd/mm/yyyy. Giáo viên đã có phiên bản hiệu lực từ ngày này thì dòng cập nhật phiên bản đó.',
  },
  { key: 'rank', header: 'Hạng', required: true, example: 'II', note: 'I, II hoặc III.', choices: SALARY_RANKS },
  {
    key: 'step',
    header: 'Bậc',
    required: true,
    example: '3',
    note: 'Hạng I: bậc 1–8; hạng II: 1–8; hạng III: 1–9. Hệ số lấy theo bảng lương.',
  },
  { key: 'leadershipCoefficient', header: 'Hệ số PC chức vụ', example: '0', note: 'Để trống: 0.' },
  { key: 'preferentialPercent', header: 'PC ưu đãi (%)', required: true, example: '30', note: '30 (THPT) hoặc 70 (dạy lớp chuyên).' },
  {
    key: 'seniorityPercent',
    header: 'PC thâm niên (%)',
    note: 'Để trống: tính theo ngày bắt đầu công tác (5% sau đủ 5 năm, thêm 1% mỗi năm).',
  },
  { key: 'serviceStartDate', header: 'Ngày bắt đầu công tác', example: '15/08/2012', note: 'dd/mm/yyyy.' },
  { key: 'otherCoefficient', header: 'Hệ số PC khác', example: '0', note: 'Để trống: 0.' },
  { key: 'note', header: 'Ghi chú' },
];

export const headerOf = (key: CoefficientColumnKey) => COEFFICIENT_COLUMNS.find((c) => c.key === key)!.header;
