import { z } from 'zod';
import { ROLES, ROLE_LABELS, type TRole, type TUserRole } from '@app/shared/roles';
import { ZUserInput } from '@app/shared/school';
import { usersByEmails } from './users.repository';
import { createUser, updateUser } from './users.service';
import { duplicatesBy, fold, type ImportColumn, type ImportKind, type RowCheck } from '../core/import-kind';
import { batchedAudit } from '@/lib/write';

/** A role cell names each role by its code (TEACHER) or its Vietnamese label (Giáo viên). */
const ROLE_BY_TEXT = new Map<string, TRole>(ROLES.flatMap((r) => [[fold(r), r] as const, [fold(ROLE_LABELS[r]), r] as const]));

const ZRoles = z.string().transform((s, ctx): TUserRole[] => {
  const parts = s
    .split(/[,;]/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (!parts.length) {
    ctx.addIssue({ code: 'custom', message: 'Vai trò là bắt buộc.' });
    return z.NEVER;
  }
  const unknown = parts.filter((p) => !ROLE_BY_TEXT.has(fold(p)));
  if (unknown.length) {
    ctx.addIssue({
      code: 'custom',
      message: `Vai trò không hợp lệ: ${unknown.map((u) => `"${u}"`).join(', ')}. Dùng mã (ADMIN, TEACHER, …) hoặc tên vai trò (Giáo viên, Học sinh, …).`,
    });
    return z.NEVER;
  }
  const roles = [...new Set(parts.map((p) => ROLE_BY_TEXT.get(fold(p))!))];
  // The first role written is the primary one.
  return roles.map((role, i) => ({ role, isPrimary: i === 0 }));
});

const ACTIVE = new Map<string, boolean>([
  ['hoat dong', true],
  ['dang hoat dong', true],
  ['active', true],
  ['co', true],
  ['vo hieu', false],
  ['vo hieu hoa', false],
  ['da vo hieu hoa', false],
  ['inactive', false],
  ['khoa', false],
]);
const ZActive = z.string().transform((s, ctx) => {
  if (!s.trim()) return true;
  const v = ACTIVE.get(fold(s));
  if (v === undefined) {
    ctx.addIssue({ code: 'custom', message: 'Trạng thái phải là "Hoạt động" hoặc "Vô hiệu".' });
    return z.NEVER;
  }
  return v;
});

const ZRow = z.object({
  email: ZUserInput.shape.email,
  displayName: z.string().trim().max(100, 'Tên hiển thị tối đa 100 ký tự.'),
  roles: ZRoles,
  active: ZActive,
});
type Row = z.output<typeof ZRow>;

const COLUMNS: ImportColumn[] = [
  {
    key: 'email',
    header: 'E-mail',
    required: true,
    example: 'lan.nt@truong.edu.vn',
    note: 'Trùng e-mail đã có thì dòng cập nhật tài khoản đó.',
  },
  { key: 'displayName', header: 'Tên hiển thị', example: 'Nguyễn Thị Lan', note: 'Để trống khi cập nhật: giữ tên đang có.' },
  {
    key: 'roles',
    header: 'Vai trò',
    required: true,
    example: 'Giáo viên, Tổ trưởng chuyên môn',
    note: `Mã hoặc tên vai trò, cách nhau bởi dấu phẩy; vai trò đầu tiên là vai trò chính. Tên: ${ROLES.map((r) => ROLE_LABELS[r]).join(', ')}.`,
    choices: ROLES.map((r) => ROLE_LABELS[r]),
    multiple: true,
  },
  {
    key: 'active',
    header: 'Trạng thái',
    example: 'Hoạt động',
    note: 'Hoạt động hoặc Vô hiệu. Để trống: Hoạt động.',
    choices: ['Hoạt động', 'Vô hiệu'],
  },
];
const header = (key: keyof Row) => COLUMNS.find((c) => c.key === key)!.header;

export const usersImport: ImportKind<Row> = {
  kind: 'users',
  title: 'Tài khoản',
  columns: COLUMNS,
  row: ZRow,

  async check(db, rows) {
    const existing = await usersByEmails(
      db,
      rows.flatMap((r) => (r.email ? [r.email] : [])),
    );
    const dup = duplicatesBy(rows, (r) => r.email);
    return rows.map((r): RowCheck => ({
      action: r.email && existing.has(r.email) ? 'update' : 'create',
      issues:
        r.email && dup.has(r.email) ? [{ column: header('email'), message: `E-mail "${r.email}" xuất hiện nhiều lần trong tệp.` }] : [],
    }));
  },

  // The very functions behind POST and PUT /users (the same rules, including self-protection).
  async apply(writeCtx, rows) {
    const existing = await usersByEmails(
      writeCtx.tx,
      rows.map((r) => r.email),
    );
    const { ctx, flush } = batchedAudit(writeCtx);
    let created = 0;
    let updated = 0;
    for (const r of rows) {
      const user = existing.get(r.email);
      if (user) {
        await updateUser(ctx, user.id, {
          email: r.email,
          displayName: r.displayName || user.displayName,
          roles: r.roles,
          active: r.active,
        });
        updated++;
      } else {
        await createUser(ctx, { email: r.email, displayName: r.displayName || null, roles: r.roles, active: r.active });
        created++;
      }
    }
    await flush();
    return { created, updated };
  },
};
