import type { z } from 'zod';
import { ZUserInput, type TUserRow } from '@app/shared/school';
import type { FormValues } from '@/components/data/form-context';
import { FormDialog } from '@/components/data/form-dialog';
import { SwitchField, TextField } from '@/components/data/form-fields';
import { RolesField } from './roles-field';

export type TUserInput = z.output<typeof ZUserInput>;

/** An empty display name is "none", not a blank name. */
const toInput = (v: FormValues) => ({
  ...v,
  displayName: typeof v.displayName === 'string' && v.displayName.trim() ? v.displayName : null,
});

export function UserFormDialog({
  open,
  onClose,
  user,
  onSubmit,
}: {
  open: boolean;
  onClose: () => void;
  user: TUserRow | null;
  onSubmit: (input: TUserInput) => Promise<unknown>;
}) {
  const initialValues = user
    ? { email: user.email, displayName: user.displayName ?? '', roles: user.roles, active: user.active }
    : { email: '', displayName: '', roles: [], active: true };
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={user ? `Sửa tài khoản ${user.email}` : 'Thêm tài khoản'}
      description="Người dùng đăng nhập bằng tài khoản Google có e-mail này."
      schema={ZUserInput}
      initialValues={initialValues}
      toInput={toInput}
      onSubmit={onSubmit}
    >
      <TextField name="email" label="E-mail" type="email" required autoFocus placeholder="ten@truong.edu.vn" />
      <TextField name="displayName" label="Tên hiển thị" hint="Để trống thì lấy tên từ tài khoản Google khi đăng nhập." />
      <RolesField />
      <SwitchField name="active" label="Đang hoạt động" hint="Tài khoản bị vô hiệu hóa không đăng nhập được." />
    </FormDialog>
  );
}
