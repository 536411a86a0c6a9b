import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { toast } from 'sonner';
import { formatDate } from '@app/shared/format';
import { DEFAULT_PAY_SETTINGS, type TPaySettings, type TPaySettingsVersion } from '@app/shared/pay';
import { ALLOWANCE_LABELS, ALLOWANCES, formatMoney } from '@app/shared/pay-calc';
import { POSITION_LABELS, POSITIONS } from '@app/shared/workload';
import { DataTable, type Column } from '@/components/data/data-table';
import { invalidatePaths } from '@/components/data/use-api-mutation';
import { DeleteVersionDialog, InForceBadge, VersionActions } from '@/components/data/versions';
import { Button } from '@/components/ui/button';
import { COEFFICIENTS_PATH } from '../api/coefficients';
import { deletePaySettings, PAY_SETTINGS_KEY, savePaySettings, usePaySettings } from '../api/settings';
import { SettingsForm } from './settings-form';

const countedText = (s: TPaySettingsVersion) => {
  const counted = ALLOWANCES.filter((a) => s.countedAllowances[a]);
  if (counted.length === ALLOWANCES.length) return 'Tất cả phụ cấp';
  if (!counted.length) return 'Không tính phụ cấp';
  return counted.map((a) => ALLOWANCE_LABELS[a].replace('Phụ cấp ', '')).join(', ');
};

const inputOf = (s: TPaySettingsVersion): TPaySettings => ({
  effectiveFrom: s.effectiveFrom,
  baseSalary: s.baseSalary,
  overtimeRatePercent: s.overtimeRatePercent,
  countedAllowances: s.countedAllowances,
  note: s.note,
});

/**
 * "Cấu hình chung": the versions of lương cơ sở, the overtime rate and the allowances counted (add,
 * edit, delete confirmed — the server refuses the version in force), and beside them, read only, the
 * norms, weeks and cap of the workload rule set in force: pay has no copy of its own.
 */
export function SettingsPanel() {
  const client = useQueryClient();
  const settings = usePaySettings();
  const [form, setForm] = useState<{ id: number | null; base: TPaySettings } | null>(null);
  const [removing, setRemoving] = useState<TPaySettingsVersion | null>(null);
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: PAY_SETTINGS_KEY });
    // Monthly salaries in the teachers' list follow the settings.
    await invalidatePaths(client, [COEFFICIENTS_PATH]);
  };
  const current = settings.data?.items.find((s) => s.inForce) ?? null;
  const ruleSet = settings.data?.ruleSet;

  const columns: Column<TPaySettingsVersion>[] = [
    {
      key: 'from',
      header: 'Ngày hiệu lực',
      primary: true,
      cell: (s) => <span className="font-medium">{formatDate(s.effectiveFrom)}</span>,
    },
    { key: 'base', header: 'Lương cơ sở', align: 'right', cell: (s) => formatMoney(s.baseSalary) },
    { key: 'rate', header: 'Tỷ lệ dạy thêm giờ', align: 'right', cell: (s) => `${s.overtimeRatePercent}%` },
    { key: 'counted', header: 'Phụ cấp được tính', cell: countedText, hideOnMobile: true },
    { key: 'state', header: 'Trạng thái', cell: (s) => (s.inForce ? <InForceBadge /> : null) },
  ];

  return (
    <section aria-labelledby="pay-settings-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="pay-settings-title" className="text-base font-semibold text-fg">
            Cấu hình chung
          </h2>
          <p className="text-sm text-muted">
            {current
              ? `Đang áp dụng: lương cơ sở ${formatMoney(current.baseSalary)}, dạy thêm giờ ${current.overtimeRatePercent}% (từ ${formatDate(current.effectiveFrom)}).`
              : settings.data
                ? 'Chưa có cấu hình lương nào đang áp dụng: lương tháng chưa tính được.'
                : ''}
          </p>
        </div>
        <Button
          onClick={() => setForm({ id: null, base: { ...(current ? inputOf(current) : DEFAULT_PAY_SETTINGS), effectiveFrom: '' } })}
          disabled={settings.isPending}
        >
          <Plus aria-hidden="true" className="size-4" />
          Thêm phiên bản
        </Button>
      </div>

      <DataTable
        label="Các phiên bản cấu hình lương"
        columns={columns}
        rows={settings.data?.items}
        rowKey={(s) => s.id}
        loading={settings.isPending}
        error={settings.error}
        onRetry={() => void settings.refetch()}
        fetching={settings.isFetching}
        emptyTitle="Chưa có cấu hình lương"
        emptyDescription="Thêm phiên bản đầu tiên: lương cơ sở 2.340.000 đ từ 01/07/2024, dạy thêm giờ 150%."
        actions={(s) => (
          <VersionActions
            name={`cấu hình từ ${formatDate(s.effectiveFrom)}`}
            onEdit={() => setForm({ id: s.id, base: inputOf(s) })}
            onDelete={() => setRemoving(s)}
          />
        )}
      />

      {ruleSet ? (
        <div className="rounded-lg border border-border p-3" aria-labelledby="pay-rules-title">
          <h3 id="pay-rules-title" className="text-sm font-semibold text-fg">
            Định mức và giới hạn (theo quy định định mức đang áp dụng: {ruleSet.name})
          </h3>
          <p className="mt-1 text-xs text-muted">
            Hiệu lực từ {formatDate(ruleSet.effectiveFrom)}. Các giá trị này do Giáo vụ hoặc Quản trị sửa trong trang Khai báo giảng dạy
            (thẻ Quy định định mức); tiền dạy thêm giờ tính theo đúng bộ quy định mà bản kê khai dùng.
          </p>
          <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-2 lg:grid-cols-5">
            {POSITIONS.map((p) => (
              <div key={p} className="rounded-lg bg-surface-2 p-2">
                <dt className="text-xs text-muted">Định mức {POSITION_LABELS[p].toLowerCase()}</dt>
                <dd className="font-medium">{ruleSet.norms[p]} tiết/tuần</dd>
              </div>
            ))}
            <div className="rounded-lg bg-surface-2 p-2">
              <dt className="text-xs text-muted">Số tuần thực dạy</dt>
              <dd className="font-medium">{ruleSet.teachingWeeks} tuần</dd>
            </div>
            <div className="rounded-lg bg-surface-2 p-2">
              <dt className="text-xs text-muted">Vượt giờ tối đa một năm</dt>
              <dd className="font-medium">{ruleSet.overtimeCapPerYear} tiết</dd>
            </div>
          </dl>
        </div>
      ) : null}

      {form ? (
        <SettingsForm
          title={form.id === null ? 'Thêm phiên bản cấu hình lương' : `Sửa cấu hình từ ${formatDate(form.base.effectiveFrom)}`}
          base={form.base}
          submitLabel={form.id === null ? 'Thêm phiên bản' : 'Lưu'}
          onClose={() => setForm(null)}
          onSubmit={async (input) => {
            const res = await savePaySettings(form.id, input);
            toast.success(res.message ?? 'Đã lưu cấu hình lương.');
            setForm(null);
            await refresh();
          }}
        />
      ) : null}
      <DeleteVersionDialog
        version={removing}
        title="Xóa phiên bản cấu hình lương?"
        message={(v) => `Xóa cấu hình có hiệu lực từ ${formatDate(v.effectiveFrom)}? Không thể hoàn tác.`}
        remove={deletePaySettings}
        done="Đã xóa phiên bản cấu hình lương."
        onClose={() => setRemoving(null)}
        onDeleted={refresh}
      />
    </section>
  );
}
