import { useState } from 'react';
import { formatDateTime } from '@app/shared/format';
import type { TAckClass } from '@app/shared/regulations';
import { Badge } from '@/components/data/badge';
import { DataTable, type Column } from '@/components/data/data-table';
import { ExportButton } from '@/components/data/export-button';
import { Modal } from '@/components/data/modal';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { reportExportPath, useAckClass, useAckReport } from '../api/report';

/**
 * Who has not acknowledged a document, per homeroom class of the current year (the caller's classes only
 * for a homeroom teacher, as the server answers), a class's students on a click, and the XLSX of the
 * students still missing.
 */
export function AckReport({ id, title, onClose }: { id: number; title: string; onClose: () => void }) {
  const report = useAckReport(id);
  const [classId, setClassId] = useState<number | null>(null);
  const data = report.data;
  const columns: Column<TAckClass>[] = [
    { key: 'class', header: 'Lớp', primary: true, cell: (c) => c.className },
    { key: 'count', header: 'Sĩ số', align: 'right', cell: (c) => c.studentCount },
    { key: 'ack', header: 'Đã xác nhận', align: 'right', cell: (c) => c.acknowledged },
    {
      key: 'missing',
      header: 'Chưa xác nhận',
      align: 'right',
      cell: (c) => (c.missing ? <Badge tone="danger">{c.missing}</Badge> : <Badge>0</Badge>),
    },
  ];
  return (
    <Modal
      open
      onClose={onClose}
      size="xl"
      title={`Tình hình xác nhận: ${title}`}
      description={
        data
          ? `${data.totals.acknowledged}/${data.totals.studentCount} học sinh đã xác nhận, ${data.totals.missing} chưa xác nhận.`
          : undefined
      }
      footer={
        <>
          <ExportButton path={reportExportPath(id)} label="Xuất danh sách chưa xác nhận" filename="chua-xac-nhan.xlsx" />
          <Button variant="secondary" onClick={onClose}>
            Đóng
          </Button>
        </>
      }
    >
      {report.isError ? (
        <LoadError error={report.error} onRetry={() => void report.refetch()} fallback="Không tải được dữ liệu. Vui lòng thử lại." />
      ) : null}
      {classId === null ? (
        <DataTable
          label="Xác nhận theo lớp chủ nhiệm"
          columns={columns}
          rows={data?.classes}
          rowKey={(c) => c.classId}
          loading={report.isPending}
          emptyTitle="Không có lớp chủ nhiệm nào"
          actions={(c) => (
            <Button variant="ghost" onClick={() => setClassId(c.classId)} aria-label={`Xem học sinh lớp ${c.className}`}>
              Xem học sinh
            </Button>
          )}
        />
      ) : (
        <ClassStudents
          id={id}
          classId={classId}
          className={data?.classes.find((c) => c.classId === classId)?.className ?? ''}
          onBack={() => setClassId(null)}
        />
      )}
    </Modal>
  );
}

function ClassStudents({ id, classId, className, onBack }: { id: number; classId: number; className: string; onBack: () => void }) {
  const students = useAckClass(id, classId);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-medium text-fg">Lớp {className}</h3>
        <Button variant="secondary" onClick={onBack}>
          Quay lại các lớp
        </Button>
      </div>
      {students.isError ? (
        <LoadError error={students.error} onRetry={() => void students.refetch()} fallback="Không tải được dữ liệu. Vui lòng thử lại." />
      ) : null}
      <DataTable
        label={`Học sinh lớp ${className}`}
        rows={students.data}
        loading={students.isPending}
        rowKey={(s) => s.studentId}
        emptyTitle="Lớp chưa có học sinh"
        columns={[
          { key: 'code', header: 'Mã học sinh', cell: (s) => s.studentCode },
          { key: 'name', header: 'Họ và tên', primary: true, cell: (s) => s.fullName },
          {
            key: 'ack',
            header: 'Xác nhận',
            cell: (s) =>
              s.acknowledgedAt ? `Đã xác nhận ${formatDateTime(s.acknowledgedAt)}` : <Badge tone="danger">Chưa xác nhận</Badge>,
          },
        ]}
      />
    </div>
  );
}
