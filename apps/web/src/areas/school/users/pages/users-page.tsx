import { useState } from 'react';
import { LogOut, UserCheck, UserX } from 'lucide-react';
import { ROLE_LABELS, ROLES } from '@app/shared/roles';
import { ZUserRow, type TUserRow } from '@app/shared/school';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { DataTable, type Column } from '@/components/data/data-table';
import { FilterSelect, type Option } from '@/components/data/filter-select';
import { ImportDialog } from '@/components/data/import-dialog';
import { ListActions } from '@/components/data/list-actions';
import { ListToolbar } from '@/components/data/list-toolbar';
import { Pagination } from '@/components/data/pagination';
import { IconAction, RowActions } from '@/components/data/row-actions';
import { SearchInput } from '@/components/data/search-input';
import { useApiMutation, useDeleteMutation, useSaveMutation } from '@/components/data/use-api-mutation';
import { useListQuery } from '@/components/data/use-list-query';
import { PageHeader } from '@/components/ui/page-header';
import { formatDateTime } from '@app/shared/format';
import { useAuth } from '@/areas/auth/public';
import { UserFormDialog, type TUserInput } from '../components/user-form-dialog';

const ROLE_OPTIONS: Option[] = ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));
const ACTIVE_OPTIONS: Option[] = [
  { value: 'true', label: 'Đang hoạt động' },
  { value: 'false', label: 'Đã vô hiệu hóa' },
];
const AFFECTED = ['/v1/users'] as const;

function Roles({ u }: { u: TUserRow }) {
  if (!u.roles.length) return <span className="text-muted">Chưa có</span>;
  return (
    <ul className="flex flex-wrap gap-1">
      {u.roles.map((r) => (
        <li
          key={r.role}
          className={`rounded-full px-2 py-0.5 text-xs whitespace-nowrap ${r.isPrimary ? 'bg-primary/10 font-medium text-primary' : 'bg-surface-2 text-fg'}`}
          title={r.isPrimary ? 'Vai trò chính' : undefined}
        >
          {ROLE_LABELS[r.role]}
          {r.isPrimary ? <span className="sr-only"> (vai trò chính)</span> : null}
        </li>
      ))}
    </ul>
  );
}

const columns: Column<TUserRow>[] = [
  {
    key: 'name',
    header: 'Tên hiển thị',
    primary: true,
    sortKey: 'displayName',
    cell: (u) => <span className="font-medium">{u.displayName ?? <span className="font-normal text-muted">Chưa có tên</span>}</span>,
  },
  { key: 'email', header: 'E-mail', sortKey: 'email', className: 'break-all md:break-normal md:whitespace-nowrap', cell: (u) => u.email },
  { key: 'roles', header: 'Vai trò', cell: (u) => <Roles u={u} /> },
  {
    key: 'active',
    header: 'Trạng thái',
    cell: (u) =>
      u.active ? (
        <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-primary">Hoạt động</span>
      ) : (
        <span className="rounded-full bg-danger/10 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-danger">Vô hiệu</span>
      ),
  },
  {
    key: 'lastLogin',
    header: 'Đăng nhập gần nhất',
    sortKey: 'lastLoginAt',
    hideOnMobile: true,
    cell: (u) => formatDateTime(u.lastLoginAt) || <span className="text-muted">Chưa đăng nhập</span>,
  },
];

const inputOf = (u: TUserRow, active: boolean): TUserInput => ({ email: u.email, displayName: u.displayName, roles: u.roles, active });

export default function UsersPage() {
  const { user: me } = useAuth();
  const list = useListQuery({
    path: '/v1/users',
    schema: ZUserRow,
    filterKeys: ['role', 'active'] as const,
    defaults: { sort: 'email' },
    rankSearch: true,
  });
  const [editing, setEditing] = useState<TUserRow | 'new' | null>(null);
  const [deactivating, setDeactivating] = useState<TUserRow | null>(null);
  const [importing, setImporting] = useState(false);

  const save = useSaveMutation<TUserInput>({ path: '/v1/users', invalidate: AFFECTED });
  // Reactivation is a one-click PUT of the row as it is with active = true; refusals are toasted.
  const reactivate = useApiMutation<TUserRow>({
    method: 'put',
    url: (u) => `/v1/users/${u.id}`,
    body: (u) => inputOf(u, true),
    invalidate: AFFECTED,
    toastError: true,
  });
  const deactivate = useDeleteMutation({ path: '/v1/users', invalidate: AFFECTED });
  // "Đăng xuất mọi phiên": every token of the account stops working; the account stays active.
  const [endingSessions, setEndingSessions] = useState<TUserRow | null>(null);
  const endSessions = useApiMutation<number>({ method: 'post', url: (id) => `/v1/users/${id}/sessions/revoke`, invalidate: AFFECTED });
  const editRow = editing === 'new' ? null : editing;

  return (
    <div>
      <PageHeader title="Quản lý người dùng" subtitle="Tài khoản đăng nhập, vai trò và trạng thái hoạt động." />
      <ListToolbar
        actions={
          <ListActions
            path="/v1/users"
            params={list.exportParams}
            filename="danh-sach-tai-khoan.xlsx"
            onImport={() => setImporting(true)}
            addLabel="Thêm tài khoản"
            onAdd={() => setEditing('new')}
          />
        }
      >
        <SearchInput value={list.searchText} onChange={list.setSearch} placeholder="Tìm theo e-mail, tên..." label="Tìm người dùng" />
        <FilterSelect label="Vai trò" value={list.filters.role} onChange={(v) => list.setFilter('role', v)} options={ROLE_OPTIONS} />
        <FilterSelect
          label="Trạng thái"
          value={list.filters.active}
          onChange={(v) => list.setFilter('active', v)}
          options={ACTIVE_OPTIONS}
        />
      </ListToolbar>

      <DataTable
        label="Danh sách người dùng"
        columns={columns}
        rowKey={(u) => u.id}
        {...list.tableProps}
        emptyTitle="Chưa có tài khoản nào"
        actions={(u) => (
          <RowActions name={`tài khoản ${u.email}`} onEdit={() => setEditing(u)}>
            {u.active ? (
              <IconAction icon={LogOut} label={`Đăng xuất mọi phiên của tài khoản ${u.email}`} onClick={() => setEndingSessions(u)} />
            ) : null}
            {u.active ? (
              u.id !== me?.id ? (
                <IconAction icon={UserX} label={`Vô hiệu hóa tài khoản ${u.email}`} onClick={() => setDeactivating(u)} danger />
              ) : null
            ) : (
              <IconAction
                icon={UserCheck}
                label={`Kích hoạt lại tài khoản ${u.email}`}
                onClick={() => reactivate.mutate(u)}
                disabled={reactivate.isPending}
              />
            )}
          </RowActions>
        )}
      />
      <Pagination {...list.paginationProps} />

      <UserFormDialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        user={editRow}
        onSubmit={(input) => save.mutateAsync({ id: editRow?.id, input })}
      />
      <ConfirmDialog
        open={deactivating !== null}
        onClose={() => setDeactivating(null)}
        title={`Vô hiệu hóa tài khoản ${deactivating?.email ?? ''}?`}
        message="Người dùng sẽ không đăng nhập được nữa và phiên đang mở hết hiệu lực ngay. Vai trò và lịch sử được giữ lại; có thể kích hoạt lại bất cứ lúc nào."
        confirmLabel="Vô hiệu hóa"
        onConfirm={() => deactivate.mutateAsync(deactivating!.id)}
      />
      <ConfirmDialog
        open={endingSessions !== null}
        onClose={() => setEndingSessions(null)}
        title={`Đăng xuất mọi phiên của tài khoản ${endingSessions?.email ?? ''}?`}
        message={
          endingSessions?.id === me?.id
            ? 'Mọi phiên đăng nhập của bạn, kể cả phiên này, sẽ hết hiệu lực ngay; bạn sẽ phải đăng nhập lại.'
            : 'Mọi phiên đăng nhập đang mở của tài khoản này (trên mọi thiết bị) sẽ hết hiệu lực ngay. Tài khoản vẫn hoạt động và có thể đăng nhập lại.'
        }
        confirmLabel="Đăng xuất mọi phiên"
        onConfirm={() => endSessions.mutateAsync(endingSessions!.id)}
      />
      <ImportDialog open={importing} onClose={() => setImporting(false)} kind="users" invalidate={AFFECTED} />
    </div>
  );
}
