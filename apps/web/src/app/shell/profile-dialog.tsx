import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { X } from 'lucide-react';
import type { TUser } from '@app/shared/auth';
import { ROLE_LABELS, type TRole } from '@app/shared/roles';
import { Button } from '@/components/ui/button';
import { displayNameOf, UserAvatar } from './user-avatar';

export function ProfileDialog({
  open,
  onClose,
  user,
  primaryRole,
  photoURL,
}: {
  open: boolean;
  onClose: () => void;
  user: TUser;
  primaryRole: TRole | null;
  photoURL: string | null;
}) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/50" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded-2xl border border-border bg-surface p-6 text-fg shadow-2xl">
          <div className="flex items-start justify-between gap-4">
            <DialogTitle className="text-lg font-semibold">Thông tin cá nhân</DialogTitle>
            <button
              type="button"
              onClick={onClose}
              aria-label="Đóng"
              className="rounded-md p-1 text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-primary"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          <div className="mt-4 flex items-center gap-4">
            <UserAvatar photoURL={photoURL} displayName={user.displayName} size="lg" />
            <div className="min-w-0">
              <p className="truncate text-base font-semibold">{displayNameOf(user.displayName)}</p>
              <p className="truncate text-sm text-muted">{user.email}</p>
            </div>
          </div>
          <dl className="mt-6 space-y-3 text-sm">
            <div className="grid grid-cols-3 gap-2">
              <dt className="text-muted">Họ và tên</dt>
              <dd className="col-span-2 font-medium">{displayNameOf(user.displayName)}</dd>
            </div>
            <div className="grid grid-cols-3 gap-2">
              <dt className="text-muted">E-mail</dt>
              <dd className="col-span-2 font-medium break-all">{user.email}</dd>
            </div>
            <div className="grid grid-cols-3 gap-2">
              <dt className="text-muted">Vai trò chính</dt>
              <dd className="col-span-2 font-medium">{primaryRole ? ROLE_LABELS[primaryRole] : 'Chưa có'}</dd>
            </div>
            <div className="grid grid-cols-3 gap-2">
              <dt className="text-muted">Các vai trò</dt>
              <dd className="col-span-2">
                {user.roles.length ? (
                  <ul className="flex flex-wrap gap-1.5">
                    {user.roles.map((r) => (
                      <li key={r.role} className="rounded-full bg-surface-2 px-2.5 py-0.5 text-xs font-medium">
                        {ROLE_LABELS[r.role]}
                      </li>
                    ))}
                  </ul>
                ) : (
                  'Chưa có'
                )}
              </dd>
            </div>
          </dl>
          <div className="mt-6 flex justify-end">
            <Button variant="secondary" onClick={onClose}>
              Đóng
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
