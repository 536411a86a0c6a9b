import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { toast } from 'sonner';
import { formatDate } from '@app/shared/format';
import type { TCoefficientVersion, TTeacherCoefficientRow } from '@app/shared/pay';
import { formatPercent, formatRatio, parseDecimal } from '@app/shared/pay-calc';
import { DataTable, type Column } from '@/components/data/data-table';
import { Modal } from '@/components/data/modal';
import { invalidatePaths } from '@/components/data/use-api-mutation';
import { DeleteVersionDialog, InForceBadge, VersionActions } from '@/components/data/versions';
import { Button } from '@/components/ui/button';
import { COEFFICIENTS_PATH, deleteCoefficient, saveCoefficient, useTeacherVersions } from '../api/coefficients';
import { formatCoefficient } from '@/areas/pay/core/lib/format';
import { CoefficientForm } from './coefficient-form';

export const decimal = (s: string) => formatRatio(parseDecimal(s, 'Hệ số'));

/** One teacher's coefficient versions, latest first, the one in force marked; add, edit, delete (confirmed). */
export function VersionsDialog({ teacher, onClose }: { teacher: TTeacherCoefficientRow; onClose: () => void }) {
  const client = useQueryClient();
  const versions = useTeacherVersions(teacher.teacherId);
  const [form, setForm] = useState<{ version: TCoefficientVersion | null } | null>(null);
  const [removing, setRemoving] = useState<TCoefficientVersion | null>(null);
  const refresh = () => invalidatePaths(client, [COEFFICIENTS_PATH]);

  const columns: Column<TCoefficientVersion>[] = [
    {
      key: 'from',
      header: 'Ngày hiệu lực',
      primary: true,
      cell: (v) => (
        <span className="inline-flex items-center gap-2 font-medium">
          {formatDate(v.effectiveFrom)}
          {v.id === teacher.current?.id ? <InForceBadge /> : null}
        </span>
      ),
    },
    {
      key: 'rank',
      header: 'Hạng/bậc · hệ số',
      cell: (v) => (
        <span className="whitespace-nowrap tabular-nums">
          {v.rank}/{v.step} · {formatCoefficient(v.coefficient)}
        </span>
      ),
    },
    {
      // The allowances in one cell that may wrap: seven narrow columns did not fit the dialog at 1280 px.
      key: 'allowances',
      header: 'Phụ cấp',
      cell: (v) =>
        [
          `Ưu đãi ${formatPercent(v.preferentialPercent)}`,
          v.seniorityPercent !== null
            ? `thâm niên ${formatPercent(v.seniorityPercent)}`
            : v.serviceStartDate
              ? `thâm niên từ ${formatDate(v.serviceStartDate)}`
              : null,
          Number(v.leadershipCoefficient) ? `chức vụ ${decimal(v.leadershipCoefficient)}` : null,
          Number(v.otherCoefficient) ? `khác ${decimal(v.otherCoefficient)}` : null,
        ]
          .filter(Boolean)
          .join(' · '),
    },
  ];

  return (
    <>
      <Modal
        open
        onClose={onClose}
        size="xl"
        title={`Hệ số lương – ${teacher.fullName}`}
        description={`${teacher.staffCode}${teacher.departmentName ? ` · ${teacher.departmentName}` : ''}`}
        footer={
          <Button variant="secondary" onClick={onClose}>
            Đóng
          </Button>
        }
      >
        <div className="space-y-3">
          <div className="flex justify-end">
            <Button onClick={() => setForm({ version: null })}>
              <Plus aria-hidden="true" className="size-4" />
              Thêm phiên bản
            </Button>
          </div>
          <DataTable
            label={`Các phiên bản hệ số của ${teacher.fullName}`}
            columns={columns}
            rows={versions.data}
            rowKey={(v) => v.id}
            loading={versions.isPending}
            error={versions.error}
            onRetry={() => void versions.refetch()}
            emptyTitle="Chưa có hệ số lương"
            emptyDescription="Thêm phiên bản đầu tiên: hạng, bậc và các phụ cấp."
            actions={(v) => (
              <VersionActions
                name={`phiên bản từ ${formatDate(v.effectiveFrom)}`}
                onEdit={() => setForm({ version: v })}
                onDelete={() => setRemoving(v)}
              />
            )}
          />
        </div>
      </Modal>
      {form ? (
        <CoefficientForm
          teacherId={teacher.teacherId}
          teacherName={teacher.fullName}
          version={form.version}
          onClose={() => setForm(null)}
          onSubmit={async (input) => {
            const res = await saveCoefficient(form.version?.id ?? null, input);
            toast.success(res.message ?? 'Đã lưu hệ số lương.');
            setForm(null);
            await refresh();
          }}
        />
      ) : null}
      <DeleteVersionDialog
        version={removing}
        title="Xóa phiên bản hệ số lương?"
        message={(v) => `Xóa hệ số của ${teacher.fullName} có hiệu lực từ ${formatDate(v.effectiveFrom)}? Không thể hoàn tác.`}
        remove={deleteCoefficient}
        done="Đã xóa phiên bản hệ số lương."
        onClose={() => setRemoving(null)}
        onDeleted={refresh}
      />
    </>
  );
}
