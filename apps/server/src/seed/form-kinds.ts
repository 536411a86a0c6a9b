import { eq, sql } from 'drizzle-orm';
import { ZFormKindInput, type TFormKindInput } from '@app/shared/forms';
import type { Db, DbOrTx } from '../db/client';
import { appSettings } from '../db/schema/settings';
import { formKinds } from '../db/schema/forms';
import { insertAudit } from '../plugins/audit.repository';

const SEEDED_KEY = 'form_kinds_seeded';

const HEADER = `CỘNG HÒA XÃ HỘI CHỦ NGHĨA VIỆT NAM
Độc lập – Tự do – Hạnh phúc
`;

/** The four kinds every school starts with (issue 17), with real fields; admin edits them later. */
export const DEFAULT_FORM_KINDS: TFormKindInput[] = [
  {
    code: 'NGHI_HOC',
    name: 'Đơn xin nghỉ học',
    description: 'Xin phép nghỉ học có lý do. Nghỉ quá 3 ngày học được chuyển Hiệu trưởng quyết định sau khi GVCN duyệt.',
    fields: [
      {
        key: 'period',
        label: 'Thời gian nghỉ',
        type: 'dateRange',
        required: true,
        help: 'Chọn buổi bắt đầu và buổi kết thúc (Chủ nhật và ngày nghỉ lễ không tính).',
      },
      { key: 'reason', label: 'Lý do', type: 'longText', required: true },
      { key: 'proof', label: 'Giấy tờ kèm theo (giấy khám bệnh, giấy mời…)', type: 'attachment', required: false },
    ],
    escalation: { field: 'period', minDays: 4 },
    countsAbsence: true,
    template: `${HEADER}
ĐƠN XIN NGHỈ HỌC

Kính gửi: Giáo viên chủ nhiệm lớp {{lop}}, Ban Giám hiệu {{truong}}.

Em tên là {{hoTen}}, mã học sinh {{maHocSinh}}, học sinh lớp {{lop}}.
Em xin phép nghỉ học {{period}}.
Lý do: {{reason}}

Em xin hứa sẽ chép bài và hoàn thành bài tập đầy đủ trong thời gian nghỉ.
Em xin trân trọng cảm ơn.`,
    active: true,
    sortOrder: 1,
  },
  {
    code: 'XAC_NHAN_HS',
    name: 'Đơn xin xác nhận học sinh',
    description: 'Xin giấy xác nhận đang là học sinh của trường (hồ sơ học bổng, thủ tục hành chính…).',
    fields: [
      { key: 'purpose', label: 'Mục đích xác nhận', type: 'text', required: true },
      { key: 'copies', label: 'Số bản', type: 'choice', required: true, options: ['1', '2', '3', '4', '5'] },
      { key: 'note', label: 'Ghi chú', type: 'longText', required: false },
    ],
    escalation: null,
    countsAbsence: false,
    template: `${HEADER}
ĐƠN XIN XÁC NHẬN HỌC SINH

Kính gửi: Ban Giám hiệu {{truong}}.

Em tên là {{hoTen}}, mã học sinh {{maHocSinh}}, học sinh lớp {{lop}}.
Em làm đơn này kính đề nghị nhà trường xác nhận em hiện đang là học sinh của trường.
Mục đích: {{purpose}}
Số bản: {{copies}}
{{note}}

Em xin trân trọng cảm ơn.`,
    active: true,
    sortOrder: 2,
  },
  {
    code: 'CHUYEN_LOP',
    name: 'Đơn xin chuyển lớp',
    description: 'Xin chuyển sang lớp khác trong trường.',
    fields: [
      { key: 'fromClass', label: 'Lớp hiện tại', type: 'text', required: true },
      { key: 'toClass', label: 'Lớp muốn chuyển đến', type: 'text', required: true },
      { key: 'reason', label: 'Lý do', type: 'longText', required: true },
    ],
    escalation: null,
    countsAbsence: false,
    template: `${HEADER}
ĐƠN XIN CHUYỂN LỚP

Kính gửi: Giáo viên chủ nhiệm lớp {{lop}}, Ban Giám hiệu {{truong}}.

Em tên là {{hoTen}}, mã học sinh {{maHocSinh}}.
Em xin chuyển từ lớp {{fromClass}} sang lớp {{toClass}}.
Lý do: {{reason}}

Em xin trân trọng cảm ơn.`,
    active: true,
    sortOrder: 3,
  },
  {
    code: 'MIEN_THE_DUC',
    name: 'Đơn xin miễn học thể dục',
    description: 'Xin miễn học môn Giáo dục thể chất trong một thời gian, kèm giấy xác nhận của cơ sở y tế.',
    fields: [
      { key: 'period', label: 'Thời gian xin miễn', type: 'dateRange', required: true },
      { key: 'reason', label: 'Lý do', type: 'longText', required: true },
      { key: 'medical', label: 'Giấy xác nhận của cơ sở y tế', type: 'attachment', required: true },
    ],
    escalation: null,
    countsAbsence: false,
    template: `${HEADER}
ĐƠN XIN MIỄN HỌC THỂ DỤC

Kính gửi: Giáo viên chủ nhiệm lớp {{lop}}, Ban Giám hiệu {{truong}}.

Em tên là {{hoTen}}, mã học sinh {{maHocSinh}}, học sinh lớp {{lop}}.
Em xin được miễn học môn Giáo dục thể chất {{period}}.
Lý do: {{reason}}
Kèm theo: {{medical}}

Em xin trân trọng cảm ơn.`,
    active: true,
    sortOrder: 4,
  },
];

/**
 * Stores the four form kinds once per school (a marker in app_settings): a school that later deletes or
 * renames them does not get them back. Answers whether it ran.
 */
export async function seedFormKinds(db: DbOrTx): Promise<boolean> {
  const run = async (tx: DbOrTx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('seed-form-kinds'))`);
    const done = await tx.select().from(appSettings).where(eq(appSettings.key, SEEDED_KEY)).limit(1);
    if (done.length) return false;
    for (const k of DEFAULT_FORM_KINDS) {
      const v = ZFormKindInput.parse(k);
      const [row] = await tx.insert(formKinds).values(v).onConflictDoNothing().returning({ id: formKinds.id });
      if (row)
        await insertAudit(tx, {
          actorId: null,
          action: 'create',
          entity: 'form_kind',
          entityId: row.id,
          after: { code: v.code, name: v.name, source: 'seed' },
        });
    }
    await tx.insert(appSettings).values({ key: SEEDED_KEY, value: { at: new Date().toISOString() } });
    return true;
  };
  // Inside the demo seed's transaction this is a savepoint; at start-up its own transaction.
  return (db as Db).transaction(run);
}
