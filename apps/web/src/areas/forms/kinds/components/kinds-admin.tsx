import { useState } from 'react';
import type { TFormKind } from '@app/shared/forms';
import { Badge } from '@/components/data/badge';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { DataTable, type Column } from '@/components/data/data-table';
import { RowActions } from '@/components/data/row-actions';
import { Button } from '@/components/ui/button';
import { useFormKinds } from '@/areas/forms/core/api/get-kinds';
import { useFormWrite } from '@/areas/forms/core/components/use-form-write';
import { deleteKind } from '../api/delete-kind';
import { saveKind } from '../api/save-kind';
import { KindDialog } from './kind-dialog';

const columns: Column<TFormKind>[] = [
  { key: 'name', header: 'Loại đơn', primary: true, cell: (k) => k.name },
  { key: 'code', header: 'Mã', hideOnMobile: true, cell: (k) => k.code },
  { key: 'fields', header: 'Số trường', align: 'right', cell: (k) => k.fields.length },
  {
    key: 'rules',
    header: 'Quy tắc',
    cell: (k) => (
      <span className="flex flex-wrap gap-1">
        {k.countsAbsence ? <Badge>Tính vắng</Badge> : null}
        {k.escalation ? <Badge tone="primary">Hiệu trưởng duyệt từ {k.escalation.minDays ?? k.escalation.minSessions} ngày</Badge> : null}
      </span>
    ),
  },
  { key: 'active', header: 'Trạng thái', cell: (k) => (k.active ? <Badge tone="primary">Đang dùng</Badge> : <Badge>Ngừng dùng</Badge>) },
  { key: 'used', header: 'Số đơn', align: 'right', hideOnMobile: true, cell: (k) => k.used },
];

/** "Loại đơn" of /admin/student-forms: the kinds students may ask with, edited by admin. */
export function FormKindsAdmin() {
  const q = useFormKinds();
  const { run } = useFormWrite();
  const [editing, setEditing] = useState<TFormKind | 'new' | null>(null);
  const [removing, setRemoving] = useState<TFormKind | null>(null);
  return (
    <div className="space-y-3">
      <div className="flex justify-end">
        <Button onClick={() => setEditing('new')}>Thêm loại đơn</Button>
      </div>
      <DataTable
        label="Các loại đơn"
        columns={columns}
        rows={q.data}
        rowKey={(k) => k.id}
        loading={q.isPending}
        error={q.isError ? q.error : undefined}
        onRetry={() => void q.refetch()}
        actions={(k) => <RowActions name={k.name} onEdit={() => setEditing(k)} onDelete={() => setRemoving(k)} />}
      />
      {editing ? (
        <KindDialog
          key={editing === 'new' ? 'new' : editing.id}
          kind={editing === 'new' ? null : editing}
          open
          onClose={() => setEditing(null)}
          onSave={async (input) => {
            const ok = await run(
              () => saveKind(input, editing === 'new' ? undefined : { id: editing.id, version: editing.version }),
              'Đã lưu loại đơn.',
            );
            if (ok) setEditing(null);
          }}
        />
      ) : null}
      {removing ? (
        <ConfirmDialog
          open
          onClose={() => setRemoving(null)}
          title={`Xóa loại đơn “${removing.name}”?`}
          message={
            removing.used
              ? 'Loại đơn đã có đơn của học sinh nên không xóa được; hãy sửa và bỏ chọn "Đang sử dụng".'
              : 'Loại đơn bị xóa hẳn.'
          }
          confirmLabel="Xóa"
          onConfirm={async () => {
            await run(() => deleteKind(removing.id), 'Đã xóa loại đơn.');
            setRemoving(null);
          }}
        />
      ) : null}
    </div>
  );
}
