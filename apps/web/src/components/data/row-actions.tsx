import type { ReactNode } from 'react';
import { Pencil, Trash2, type LucideIcon } from 'lucide-react';

const iconBtn =
  'inline-flex size-9 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-50';

/** An icon button whose name screen readers read ("Sửa cơ sở CS1"). */
export function IconAction({
  icon: Icon,
  label,
  onClick,
  danger,
  disabled,
}: {
  icon: LucideIcon;
  label: string;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      disabled={disabled}
      className={`${iconBtn} ${danger ? 'hover:text-danger' : ''}`}
    >
      <Icon aria-hidden="true" className="size-4" />
    </button>
  );
}

/**
 * Edit / delete buttons of one row. `name` completes their labels: "Sửa {name}", "Xóa {name}".
 * `children` adds more buttons before them.
 */
export function RowActions({
  name,
  onEdit,
  onDelete,
  children,
}: {
  name: string;
  onEdit?: () => void;
  onDelete?: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="inline-flex items-center justify-end gap-0.5">
      {children}
      {onEdit ? <IconAction icon={Pencil} label={`Sửa ${name}`} onClick={onEdit} /> : null}
      {onDelete ? <IconAction icon={Trash2} label={`Xóa ${name}`} onClick={onDelete} danger /> : null}
    </div>
  );
}
