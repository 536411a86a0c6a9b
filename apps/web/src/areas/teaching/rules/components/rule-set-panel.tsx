import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { toast } from 'sonner';
import { formatDate, formatDateTime } from '@app/shared/format';
import type { TRuleSet } from '@app/shared/teaching';
import { POSITION_LABELS, POSITIONS, TT05_2025_RULES, formatFactor } from '@app/shared/workload';
import { formatPeriods } from '@app/shared/workload-calc';
import { DataTable, type Column } from '@/components/data/data-table';
import { DeleteVersionDialog, InForceBadge, VersionActions } from '@/components/data/versions';
import { Button } from '@/components/ui/button';
import { deleteRuleSet, RULE_SETS_KEY, saveRuleSet, useRuleSets } from '../api/rule-sets';
import { RuleSetForm } from './rule-set-form';

/**
 * The workload rule sets (issue 15 "Workload rules as data"): the version in force today in words,
 * every version in a table, and — for admin and academic affairs (`canEdit`) — a new version from a
 * date (starting from the one in force), edit, and delete with a confirmation (the server refuses the
 * version in force and says why). Mounted on the academic and admin pages.
 */
export function RuleSetPanel({ canEdit }: { canEdit: boolean }) {
  const client = useQueryClient();
  const sets = useRuleSets();
  const [form, setForm] = useState<{ id: number | null; base: TRuleSet['rules'] } | null>(null);
  const [removing, setRemoving] = useState<TRuleSet | null>(null);
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: RULE_SETS_KEY });
    await client.invalidateQueries({ queryKey: ['teaching-assignments'] });
  };
  const current = sets.data?.items.find((s) => s.inForce) ?? null;
  const rules = current?.rules ?? TT05_2025_RULES;

  const columns: Column<TRuleSet>[] = [
    { key: 'name', header: 'Bộ quy định', primary: true, cell: (s) => <span className="font-medium">{s.name}</span> },
    { key: 'from', header: 'Hiệu lực từ', cell: (s) => formatDate(s.effectiveFrom) },
    { key: 'state', header: 'Trạng thái', cell: (s) => (s.inForce ? <InForceBadge /> : null) },
    { key: 'updated', header: 'Cập nhật', cell: (s) => formatDateTime(s.updatedAt), hideOnMobile: true },
    ...(canEdit
      ? [
          {
            key: 'actions',
            header: 'Thao tác',
            cell: (s: TRuleSet) => (
              <VersionActions name={s.name} onEdit={() => setForm({ id: s.id, base: s.rules })} onDelete={() => setRemoving(s)} />
            ),
          },
        ]
      : []),
  ];

  return (
    <section aria-label="Quy định định mức giảng dạy" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 className="text-base font-semibold text-fg">Quy định định mức giảng dạy</h2>
          <p className="text-sm text-muted">
            {current
              ? `Đang áp dụng: ${current.name} (từ ${formatDate(current.effectiveFrom)}).`
              : sets.data
                ? `Chưa lưu bộ quy định nào: đang dùng giá trị mặc định của ${TT05_2025_RULES.name}.`
                : ''}
          </p>
        </div>
        {canEdit ? (
          <Button onClick={() => setForm({ id: null, base: { ...rules, effectiveFrom: '' } })} disabled={sets.isPending}>
            <Plus aria-hidden="true" className="size-4" />
            Tạo phiên bản mới
          </Button>
        ) : null}
      </div>

      {sets.data ? (
        <dl className="grid gap-2 text-sm sm:grid-cols-2 lg:grid-cols-4" aria-label="Quy định đang áp dụng">
          {POSITIONS.map((p) => (
            <div key={p} className="rounded-lg bg-surface-2 p-2">
              <dt className="text-xs text-muted">Định mức {POSITION_LABELS[p].toLowerCase()}</dt>
              <dd className="font-medium">{formatPeriods(rules.norms[p])} tiết/tuần</dd>
            </div>
          ))}
          <div className="rounded-lg bg-surface-2 p-2">
            <dt className="text-xs text-muted">Số tuần</dt>
            <dd className="font-medium">
              {rules.teachingWeeks} thực dạy + {rules.reserveWeeks} dự phòng
            </dd>
          </div>
          <div className="rounded-lg bg-surface-2 p-2 sm:col-span-2 lg:col-span-3">
            <dt className="text-xs text-muted">Giảm định mức (tối đa {rules.maxConcurrentDuties} nhiệm vụ)</dt>
            <dd>{rules.duties.map((d) => `${d.name} ${formatPeriods(d.reduction)}`).join('; ')}</dd>
          </div>
          <div className="rounded-lg bg-surface-2 p-2 sm:col-span-2 lg:col-span-3">
            <dt className="text-xs text-muted">Hệ số quy đổi</dt>
            <dd>{rules.activityKinds.map((k) => `${k.name} ×${formatFactor(k.factor)}`).join('; ')}</dd>
          </div>
          <div className="rounded-lg bg-surface-2 p-2">
            <dt className="text-xs text-muted">Vượt giờ tối đa một năm</dt>
            <dd className="font-medium">{formatPeriods(rules.overtimeCapPerYear)} tiết</dd>
          </div>
        </dl>
      ) : null}

      <DataTable
        label="Các phiên bản quy định định mức"
        columns={columns}
        rows={sets.data?.items}
        rowKey={(s) => s.id}
        loading={sets.isPending}
        error={sets.error}
        onRetry={() => void sets.refetch()}
        fetching={sets.isFetching}
        emptyTitle="Chưa có phiên bản nào"
        emptyDescription="Tạo phiên bản đầu tiên từ giá trị của Thông tư 05/2025."
      />

      {form ? (
        <RuleSetForm
          title={form.id === null ? 'Tạo phiên bản quy định mới' : `Sửa ${form.base.name}`}
          base={form.base}
          submitLabel={form.id === null ? 'Tạo phiên bản' : 'Lưu'}
          onClose={() => setForm(null)}
          onSubmit={async (input) => {
            const res = await saveRuleSet(form.id, input);
            toast.success(res.message ?? 'Đã lưu quy định định mức.');
            setForm(null);
            await refresh();
          }}
        />
      ) : null}
      <DeleteVersionDialog
        version={removing}
        title="Xóa phiên bản quy định?"
        message={(v) => `Xóa "${v.name}" (hiệu lực từ ${formatDate(v.effectiveFrom)})? Không thể hoàn tác.`}
        remove={deleteRuleSet}
        done="Đã xóa phiên bản quy định định mức."
        onClose={() => setRemoving(null)}
        onDeleted={refresh}
      />
    </section>
  );
}
