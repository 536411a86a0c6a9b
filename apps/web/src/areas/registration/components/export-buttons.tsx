import { ExportButton } from '@/components/data/export-button';

const KINDS = [
  { kind: 'class', label: 'Xuất theo lớp', file: 'dang-ky-theo-lop.xlsx' },
  { kind: 'student', label: 'Xuất theo học sinh', file: 'dang-ky-theo-hoc-sinh.xlsx' },
  { kind: 'unmet', label: 'Xuất DS chưa đạt', file: 'hoc-sinh-chua-dat.xlsx' },
] as const;

/** The round's three XLSX files: GET /registration/rounds/{id}/export?kind=class|student|unmet, named by the server. */
export function RoundExportButtons({ roundId }: { roundId: number }) {
  return (
    <div className="flex flex-wrap gap-2">
      {KINDS.map((k) => (
        <ExportButton
          key={k.kind}
          path={`/v1/registration/rounds/${roundId}`}
          params={{ kind: k.kind }}
          label={k.label}
          filename={k.file}
        />
      ))}
    </div>
  );
}
