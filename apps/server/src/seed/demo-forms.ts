import { sql } from 'drizzle-orm';
import type { TFormDecisionAction, TFormValues, TSession } from '@app/shared/forms';
import type { TRole } from '@app/shared/roles';
import type { Tx } from '../db/client';
import { queryRows } from '../db/client';
import type { Actor } from '../plugins/actor';
import { decideForm, saveForm, uploadFile, withdrawForm } from '../areas/forms/requests/requests.service';
import { seedFormKinds } from './form-kinds';

/**
 * The demo school's student forms (issue 17), made through the forms service by the people whose job
 * each step is, so the history holds real steps: the four kinds; hs.an (10 Toán, homeroom teacher
 * gv.toan) has forms in every state — a draft, one waiting, approved, rejected, returned, withdrawn, one
 * escalated waiting for hieutruong and one the principal approved; hs.chau's leave waits for gvcn.hoa
 * (11 Hóa); a classmate of hers is past 30 half-day sessions of approved leave (the warning), others have
 * a short approved leave and a rejected one. Dates are fixed, in the current school year.
 */

async function actorOf(tx: Tx, userId: number): Promise<Actor> {
  const [row] = await queryRows<{ roles: TRole[]; teacherId: number | null; studentId: number | null }>(
    tx,
    sql`select coalesce((select json_agg(r.role order by r.is_primary desc, r.role) from user_roles r where r.user_id = ${userId}), '[]') as roles,
               (select t.id from teachers t where t.user_id = ${userId}) as "teacherId",
               (select u.student_id from users u where u.id = ${userId}) as "studentId"`,
  );
  return { userId, roles: row.roles, teacherId: row.teacherId, studentId: row.studentId, requestId: 'seed:demo', ip: null };
}

const range = (from: string, to: string, fromSession: TSession = 'morning', toSession: TSession = 'afternoon') => ({
  from,
  fromSession,
  to,
  toSession,
});

/** A one-page PDF standing for a scanned certificate. */
const DEMO_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

export async function seedDemoForms(tx: Tx, opts: { userId: (local: string) => number }) {
  await seedFormKinds(tx);
  const kinds = new Map(
    (await queryRows<{ id: number; code: string }>(tx, sql`select id, code from form_kinds`)).map((k) => [k.code, k.id] as const),
  );
  const actors = new Map<number, Actor>();
  const as = async (userId: number) => {
    if (!actors.has(userId)) actors.set(userId, await actorOf(tx, userId));
    return actors.get(userId)!;
  };
  const keys = new Set<string>();
  const fill = async (userId: number, key: string, code: string, values: TFormValues, submit = true) => {
    keys.add(key);
    return saveForm({ db: tx, actor: await as(userId), input: { kindId: kinds.get(code)!, clientKey: `demo-${key}`, values, submit } });
  };
  const decide = async (local: string, form: { id: number }, action: TFormDecisionAction, comment: string | null = null) => {
    const actor = await as(opts.userId(local));
    const [{ version }] = await queryRows<{ version: number }>(tx, sql`select version from student_forms where id = ${form.id}`);
    return decideForm({ db: tx, actor, id: form.id, input: { action, version, comment } });
  };

  // hs.an, 10 Toán: every state.
  const an = opts.userId('hs.an');
  const sick = await fill(an, 'an-1', 'NGHI_HOC', {
    period: range('2026-10-12', '2026-10-13'),
    reason: 'Em bị sốt, phải đi khám và nghỉ ở nhà theo chỉ định của bác sĩ.',
  });
  await decide('gv.toan', sick, 'approve', 'Em nghỉ ngơi cho khỏe, nhờ bạn chép bài giúp nhé.');
  const family = await fill(an, 'an-2', 'NGHI_HOC', {
    period: range('2026-10-19', '2026-10-22'),
    reason: 'Em cùng gia đình về quê dự lễ mừng thọ ông bà nội.',
  });
  await decide('gv.toan', family, 'approve');
  await decide('hieutruong', family, 'approve', 'Đồng ý. Em chủ động học bù các buổi nghỉ.');
  await fill(an, 'an-3', 'XAC_NHAN_HS', { purpose: 'Bổ sung hồ sơ xét học bổng Vallet năm 2026', copies: '2', note: null });
  const move = await fill(an, 'an-4', 'CHUYEN_LOP', {
    fromClass: '10 Toán',
    toClass: '10 Tin',
    reason: 'Em muốn theo học chuyên Tin học.',
  });
  await decide('gv.toan', move, 'reject', 'Lớp 10 Tin đã đủ sĩ số theo quy định; em trao đổi thêm với cô vào giờ sinh hoạt lớp.');
  const pe = await fill(
    an,
    'an-5',
    'MIEN_THE_DUC',
    { period: range('2026-11-02', '2026-11-28'), reason: 'Em bị bong gân cổ chân phải.' },
    false,
  );
  const cert = await uploadFile({
    db: tx,
    actor: await as(an),
    id: pe.id,
    fieldKey: 'medical',
    fileName: 'giay-xac-nhan-benh-vien.pdf',
    data: DEMO_PDF,
  });
  const peSent = await fill(an, 'an-5', 'MIEN_THE_DUC', {
    period: range('2026-11-02', '2026-11-28'),
    reason: 'Em bị bong gân cổ chân phải.',
    medical: { fileId: cert.id, name: cert.fileName, size: cert.size, mimeType: cert.mimeType },
  });
  await decide('gv.toan', peSent, 'return', 'Giấy xác nhận chưa có dấu của bệnh viện, em bổ sung bản có dấu rồi gửi lại.');
  const trip = await fill(an, 'an-6', 'NGHI_HOC', {
    period: range('2026-11-30', '2026-12-04'),
    reason: 'Em đi cùng bố mẹ lên Hà Nội khám mắt chuyên sâu theo lịch hẹn của bệnh viện.',
  });
  await decide('gv.toan', trip, 'approve', 'Đồng ý, đề nghị Ban Giám hiệu xem xét.');
  const short = await fill(an, 'an-7', 'NGHI_HOC', {
    period: range('2026-11-27', '2026-11-27', 'afternoon'),
    reason: 'Em có lịch tiêm phòng.',
  });
  await withdrawForm({ db: tx, actor: await as(an), id: short.id, version: short.version });
  await fill(an, 'an-8', 'XAC_NHAN_HS', { purpose: 'Làm thẻ thư viện tỉnh', copies: null }, false);

  // hs.chau, 11 Hóa: a leave waiting for gvcn.hoa.
  const chau = opts.userId('hs.chau');
  await fill(chau, 'chau-1', 'NGHI_HOC', {
    period: range('2026-11-26', '2026-11-26', 'morning', 'morning'),
    reason: 'Em đi khám răng theo lịch hẹn.',
  });

  // Classmates of hs.chau: one past 30 sessions (the warning), one with a short approved leave, one rejected.
  const mates = await queryRows<{ userId: number }>(
    tx,
    sql`select u.id as "userId" from students s join users u on u.student_id = s.id
        where s.homeroom_class_id = (select homeroom_class_id from students where id = (select student_id from users where id = ${chau}))
          and u.id <> ${chau}
        order by s.sort_key, s.id limit 3`,
  );
  const [m1, m2, m3] = mates.map((m) => m.userId);
  if (m1) {
    const long = await fill(m1, 'm1-1', 'NGHI_HOC', {
      period: range('2026-09-14', '2026-09-26'),
      reason: 'Em phải điều trị sốt xuất huyết tại bệnh viện tỉnh.',
    });
    await decide('gvcn.hoa', long, 'approve', 'Đề nghị Ban Giám hiệu cho em nghỉ điều trị.');
    await decide('hieutruong', long, 'approve');
    const again = await fill(m1, 'm1-2', 'NGHI_HOC', {
      period: range('2026-10-26', '2026-10-29'),
      reason: 'Em tái khám và theo dõi sau điều trị.',
    });
    await decide('gvcn.hoa', again, 'approve');
    await decide('hieutruong', again, 'approve', 'Đồng ý. GVCN lưu ý số buổi nghỉ của em.');
    const day = await fill(m1, 'm1-3', 'NGHI_HOC', { period: range('2026-11-16', '2026-11-16'), reason: 'Em bị cảm, sốt cao.' });
    await decide('gvcn.hoa', day, 'approve');
  }
  if (m2) {
    const leave = await fill(m2, 'm2-1', 'NGHI_HOC', { period: range('2026-11-09', '2026-11-10'), reason: 'Em dự đám cưới chị gái.' });
    await decide('gvcn.hoa', leave, 'approve');
  }
  if (m3) {
    const leave = await fill(m3, 'm3-1', 'NGHI_HOC', {
      period: range('2026-11-20', '2026-11-21'),
      reason: 'Em muốn nghỉ đi chơi cùng gia đình.',
    });
    await decide('gvcn.hoa', leave, 'reject', 'Lý do chưa phù hợp trong thời gian ôn thi học kỳ.');
  }
  return { counts: { formKinds: kinds.size, studentForms: keys.size } };
}
