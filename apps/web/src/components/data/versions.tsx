import { toast } from 'sonner';
import { Button } from '../ui/button';
import { Badge } from './badge';
import { ConfirmDialog } from './confirm-dialog';

/*
 * The pieces of a list of versions of something by effective date (the workload rule sets, the pay
 * settings, a teacher's coefficients): the one in force marked, edit and delete in words, the delete
 * confirmed (the server refuses the version in force and says why).
 */

/** "Đang áp dụng": the version in force today. */
export function InForceBadge() {
  return <Badge tone="primary">Đang áp dụng</Badge>;
}

/** "Sửa" and "Xóa" of one version; `name` completes their labels: "Sửa {name}", "Xóa {name}". */
export function VersionActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <div className="flex gap-1">
      <Button variant="ghost" className="px-2! py-1! text-xs" onClick={onEdit} aria-label={`Sửa ${name}`}>
        Sửa
      </Button>
      <Button variant="ghost" className="px-2! py-1! text-xs text-danger" onClick={onDelete} aria-label={`Xóa ${name}`}>
        Xóa
      </Button>
    </div>
  );
}

/** The confirmation before deleting `version` (open while it is set); `done` is the toast, then `onDeleted` refreshes. */
export function DeleteVersionDialog<V extends { id: number }>({
  version,
  title,
  message,
  remove,
  done,
  onClose,
  onDeleted,
}: {
  version: V | null;
  title: string;
  message: (version: V) => string;
  remove: (id: number) => Promise<unknown>;
  done: string;
  onClose: () => void;
  onDeleted: () => Promise<unknown>;
}) {
  return (
    <ConfirmDialog
      open={version !== null}
      onClose={onClose}
      title={title}
      message={version ? message(version) : null}
      onConfirm={async () => {
        await remove(version!.id);
        toast.success(done);
        onClose();
        await onDeleted();
      }}
    />
  );
}
