import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { toast } from 'sonner';
import { ZDeclarationPeriodInput, type TDeclarationPeriod } from '@app/shared/declarations';
import { displayToIso, formatDate, isoToDisplay } from '@app/shared/format';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { DataTable } from '@/components/data/data-table';
import { FormDialog } from '@/components/data/form-dialog';
import type { FormValues } from '@/components/data/form-context';
import { DateField, NumberField, SelectField, TextField } from '@/components/data/form-fields';
import { RowActions } from '@/components/data/row-actions';
import { SOURCES } from '@/components/data/school-sources';
import { invalidatePaths } from '@/components/data/use-api-mutation';
import { useOptions } from '@/components/data/use-options';
import { Button } from '@/components/ui/button';
import { CardPanel } from '@/components/ui/card-panel';
import { deletePeriod, savePeriod, useDeclarationPeriods } from '../api/periods';
import { DECLARATIONS_ROOT } from '../api/keys';
import { periodLabel } from '../lib/periods';

/** The day of a moment in the school's zone, as YYYY-MM-DD (what the date field holds). */
const dayOf = (moment: string) => displayToIso(formatDate(moment)) ?? '';

/**
 * The form's values → the period input: the opening day from 00:00 and the closing day until 23:59
 * (Asia/Ho_Chi_Minh), the holidays typed as dd/mm/yyyy separated by commas or lines (a wrong one is
 * passed on as typed, so the schema names it).
 */
function toInput(v: FormValues) {
  const day = (x: unknown) => (typeof x === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(x) ? x : null);
  const opens = day(v.opensOn);
  const closes = day(v.closesOn);
  const holidays = String(v.holidays ?? '')
    .split(/[\s,;]+/)
    .map((t) => t.trim())
    .filter(Boolean)
    .map((t) => displayToIso(t) ?? t);
  return {
    semesterId: v.semesterId,
    weeks: v.weeks,
    opensAt: opens ? `${opens}T00:00:00+07:00` : v.opensOn,
    closesAt: closes ? `${closes}T23:59:00+07:00` : v.closesOn,
    reviewBy: v.reviewBy === '' ? null : v.reviewBy,
    holidays,
  };
}

/** The admin's declaration periods: create, edit, delete (refused by the server once a declaration exists). */
export function PeriodsPanel() {
  const client = useQueryClient();
  const periods = useDeclarationPeriods();
  const semesters = useOptions(SOURCES.semesters);
  const [editing, setEditing] = useState<TDeclarationPeriod | 'new' | null>(null);
  const [removing, setRemoving] = useState<TDeclarationPeriod | null>(null);
  const current = editing === 'new' ? null : editing;
  const refresh = () => invalidatePaths(client, [DECLARATIONS_ROOT]);

  return (
    <CardPanel
      title="Kỳ kê khai"
      description="Mở kỳ kê khai cho một học kỳ: số tuần, thời gian nộp, hạn duyệt và các ngày nghỉ (không tính tiết khi điền sẵn)."
      action={
        <Button variant="secondary" onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="size-4" />
          Thêm kỳ kê khai
        </Button>
      }
    >
      <DataTable
        label="Danh sách kỳ kê khai"
        rows={periods.data}
        rowKey={(p) => p.id}
        loading={periods.isPending}
        error={periods.error}
        onRetry={() => void periods.refetch()}
        emptyTitle="Chưa có kỳ kê khai"
        emptyDescription="Thêm kỳ kê khai để giáo viên bắt đầu kê khai giờ dạy."
        columns={[
          { key: 'semester', header: 'Học kỳ', primary: true, cell: (p) => periodLabel(p) },
          { key: 'weeks', header: 'Số tuần', align: 'right', cell: (p) => p.weeks },
          { key: 'opens', header: 'Mở', cell: (p) => formatDate(p.opensAt) },
          { key: 'closes', header: 'Hạn nộp', cell: (p) => formatDate(p.closesAt) },
          { key: 'review', header: 'Hạn duyệt', cell: (p) => isoToDisplay(p.reviewBy) || '—' },
          {
            key: 'holidays',
            header: 'Ngày nghỉ',
            hideOnMobile: true,
            className: 'max-w-64 break-words',
            cell: (p) => p.holidays.map(isoToDisplay).join(', ') || '—',
          },
        ]}
        actions={(p) => <RowActions name={`kỳ kê khai ${periodLabel(p)}`} onEdit={() => setEditing(p)} onDelete={() => setRemoving(p)} />}
      />
      <FormDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={current ? `Sửa kỳ kê khai ${periodLabel(current)}` : 'Thêm kỳ kê khai'}
        schema={ZDeclarationPeriodInput}
        initialValues={{
          semesterId: current?.semesterId,
          weeks: current?.weeks ?? 18,
          opensOn: current ? dayOf(current.opensAt) : '',
          closesOn: current ? dayOf(current.closesAt) : '',
          reviewBy: current?.reviewBy ?? '',
          holidays: current ? current.holidays.map(isoToDisplay).join(', ') : '',
        }}
        toInput={toInput}
        submitLabel={current ? 'Lưu' : 'Thêm kỳ'}
        onSubmit={async (input) => {
          const res = await savePeriod(current?.id ?? null, input);
          toast.success(res.message ?? (current ? 'Đã lưu kỳ kê khai.' : 'Đã thêm kỳ kê khai.'));
          await refresh();
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField name="semesterId" label="Học kỳ" required options={semesters.options} className="sm:col-span-2" />
          <NumberField name="weeks" label="Số tuần" required min={1} max={60} />
          <DateField name="reviewBy" label="Hạn duyệt của tổ trưởng" />
          <DateField name="opensOn" label="Mở kê khai từ ngày" required />
          <DateField name="closesOn" label="Hạn nộp (hết ngày)" required />
          <TextField
            name="holidays"
            label="Ngày nghỉ"
            multiline
            className="sm:col-span-2"
            placeholder="02/09/2025, 01/01/2026"
            hint="Các ngày dd/mm/yyyy, cách nhau bởi dấu phẩy hoặc xuống dòng."
          />
        </div>
      </FormDialog>
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={`Xóa kỳ kê khai ${removing ? periodLabel(removing) : ''}?`}
        message="Chỉ xóa được kỳ chưa có bản kê khai nào."
        onConfirm={async () => {
          if (!removing) return;
          const res = await deletePeriod(removing.id);
          toast.success(res.message ?? 'Đã xóa kỳ kê khai.');
          await refresh();
        }}
      />
    </CardPanel>
  );
}
