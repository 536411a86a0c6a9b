import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client';
import { regulationAcknowledgements, regulations } from '../db/schema/forms';
import { searchText } from '../lib/list';

/*
 * The demo school's regulations (issue 17): five documents students read on /student/forms, four of them
 * published. The school rules ask for an acknowledgement and about two thirds of the students gave it
 * (every student whose id is not a multiple of 3, so hs.* accounts land on both sides deterministically);
 * the fire-safety guide is a small PDF written here by hand; the phone rules are still a draft.
 */

const P = (...paras: string[]) => paras.map((p) => `<p>${p}</p>`).join('');

const NOI_QUY = [
  '<h2>Chương I. Quy định chung</h2>',
  P(
    'Nội quy này quy định nề nếp, tác phong, học tập và sinh hoạt của học sinh trường Trung học phổ thông chuyên, áp dụng cho mọi học sinh đang theo học tại cả hai cơ sở của trường.',
    'Học sinh có trách nhiệm đọc kỹ, xác nhận đã đọc trên hệ thống và thực hiện nghiêm túc. Giáo viên chủ nhiệm phổ biến nội quy cho lớp trong tuần đầu năm học.',
  ),
  '<h2>Chương II. Nề nếp và tác phong</h2>',
  '<ol><li>Có mặt tại trường trước giờ vào lớp 10 phút; nghỉ học phải có đơn xin phép được giáo viên chủ nhiệm duyệt.</li>',
  '<li>Mặc đồng phục theo quy định, đeo thẻ học sinh trong khuôn viên trường.</li>',
  '<li>Lễ phép với thầy cô, cán bộ, nhân viên; đoàn kết, giúp đỡ bạn bè; không nói tục, chửi thề.</li>',
  '<li>Giữ gìn vệ sinh lớp học, bảo vệ tài sản của nhà trường; làm hư hỏng phải bồi thường.</li></ol>',
  '<h2>Chương III. Các hành vi bị nghiêm cấm</h2>',
  P(
    'Nghiêm cấm hút thuốc lá, thuốc lá điện tử, sử dụng rượu bia và các chất kích thích; mang vũ khí, chất cháy nổ vào trường; đánh nhau, gây rối trật tự; xúc phạm danh dự, nhân phẩm người khác, kể cả trên mạng xã hội.',
    'Học sinh vi phạm sẽ được nhắc nhở, phê bình hoặc xử lý kỷ luật theo quy định hiện hành của Bộ Giáo dục và Đào tạo về khen thưởng và kỷ luật học sinh.',
  ),
].join('');

const TT22 = [
  P(
    'Việc kiểm tra, đánh giá học sinh thực hiện theo Thông tư 22/2021/TT-BGDĐT ngày 20/7/2021 của Bộ Giáo dục và Đào tạo quy định về đánh giá học sinh trung học cơ sở và học sinh trung học phổ thông.',
    'Đánh giá bằng nhận xét áp dụng cho các môn Giáo dục thể chất, Nghệ thuật, Hoạt động trải nghiệm – hướng nghiệp, nội dung giáo dục của địa phương; kết quả là <strong>Đạt</strong> hoặc <strong>Chưa đạt</strong>. Các môn còn lại đánh giá bằng nhận xét kết hợp với điểm số.',
  ),
  '<h3>Kiểm tra thường xuyên và định kỳ</h3>',
  '<ul><li>Môn có 35 tiết/năm học: 2 điểm đánh giá thường xuyên mỗi học kỳ.</li><li>Môn có trên 35 đến 70 tiết/năm học: 3 điểm.</li><li>Môn có trên 70 tiết/năm học: 4 điểm.</li>',
  '<li>Mỗi học kỳ có 1 điểm đánh giá giữa kỳ và 1 điểm đánh giá cuối kỳ; thời gian làm bài từ 60 đến 90 phút đối với môn có trên 70 tiết/năm học.</li></ul>',
  P(
    'Học sinh vắng kiểm tra có lý do chính đáng được kiểm tra bù; không có lý do chính đáng thì nhận điểm 0. Học sinh nghỉ quá 45 buổi trong một năm học (tính cả có phép và không phép) phải ở lại lớp.',
    'Điểm trung bình môn học kỳ: ĐTBmhk = (TĐĐGtx + 2 × ĐĐGgk + 3 × ĐĐGck) / (Số ĐĐGtx + 5).',
  ),
].join('');

const DIEN_THOAI = [
  P(
    'Học sinh được mang điện thoại di động đến trường nhưng phải tắt chuông và cất trong cặp trong giờ học, giờ kiểm tra và giờ chào cờ.',
    'Điện thoại chỉ được dùng phục vụ việc học khi giáo viên bộ môn cho phép (tra cứu, làm bài trên hệ thống học tập). Không quay phim, chụp ảnh thầy cô và bạn bè khi chưa được đồng ý; không đăng tải hình ảnh của trường gây ảnh hưởng xấu.',
    'Vi phạm lần đầu: giáo viên nhắc nhở và ghi sổ đầu bài; tái phạm: điện thoại được giữ lại, trả cho cha mẹ học sinh cuối buổi học.',
  ),
].join('');

const THU_VIEN = [
  P(
    'Thư viện mở cửa từ 7 giờ đến 17 giờ các ngày từ thứ Hai đến thứ Sáu. Học sinh xuất trình thẻ học sinh khi mượn sách; mỗi lần mượn tối đa 3 cuốn trong 14 ngày.',
    'Giữ trật tự, không ăn uống trong phòng đọc. Làm mất hoặc hư hỏng sách phải đền bù bằng sách cùng loại hoặc theo giá bìa.',
  ),
].join('');

/**
 * A one-page PDF written by hand (no library): the catalog, the page tree, one page with a Helvetica text
 * stream, and the cross-reference table with each object's byte offset. Helvetica has no Vietnamese
 * letters, so the text is written without accents.
 */
export function fireSafetyPdf(): Buffer {
  const lines = [
    'TRUONG THPT CHUYEN - HUONG DAN PHONG CHAY CHUA CHAY',
    '',
    '1. Khi phat hien chay: ho hoan bao dong, ngat cau dao dien khu vuc chay.',
    '2. Goi 114 (Canh sat PCCC) va bao ngay cho bao ve, giao vien gan nhat.',
    '3. Dung binh chua chay tai hanh lang: rut chot, huong voi vao goc lua, bop van.',
    '4. Thoat nan theo bien chi dan loi thoat hiem, khong dung thang may.',
    '5. Di khom, che mui mieng bang khan uot; tap trung tai san truong, lop truong diem danh.',
    '',
    'Dien tap phong chay chua chay: moi hoc ky mot lan, theo ke hoach cua nha truong.',
  ];
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = ['BT', '/F1 12 Tf', '16 TL', '56 780 Td', ...lines.map((l) => `(${esc(l)}) '`), 'ET'].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

interface DemoDoc {
  title: string;
  category: string;
  bodyHtml: string | null;
  pdf?: { name: string; data: Buffer };
  effectiveFrom: string;
  requiresAck: boolean;
  status: 'draft' | 'published';
  /** Days before the seed it was published. */
  publishedDaysAgo?: number;
}

export async function seedDemoRegulations(tx: Tx, opts: { adminUserId: number }) {
  const pdf = fireSafetyPdf();
  const docs: DemoDoc[] = [
    {
      title: 'Nội quy học sinh năm học 2025–2026',
      category: 'Nội quy',
      bodyHtml: NOI_QUY,
      effectiveFrom: '2025-09-05',
      requiresAck: true,
      status: 'published',
      publishedDaysAgo: 3,
    },
    {
      title: 'Quy chế kiểm tra, đánh giá học sinh theo Thông tư 22/2021/TT-BGDĐT',
      category: 'Quy chế đánh giá',
      bodyHtml: TT22,
      effectiveFrom: '2025-09-05',
      requiresAck: false,
      status: 'published',
      publishedDaysAgo: 40,
    },
    {
      title: 'Hướng dẫn phòng cháy, chữa cháy và thoát nạn',
      category: 'An toàn trường học',
      bodyHtml: null,
      pdf: { name: 'huong-dan-pccc.pdf', data: pdf },
      effectiveFrom: '2025-10-01',
      requiresAck: false,
      status: 'published',
      publishedDaysAgo: 20,
    },
    {
      title: 'Nội quy thư viện',
      category: 'Nội quy',
      bodyHtml: THU_VIEN,
      effectiveFrom: '2025-09-05',
      requiresAck: false,
      status: 'published',
      publishedDaysAgo: 60,
    },
    {
      title: 'Quy định sử dụng điện thoại di động trong trường',
      category: 'Quy định',
      bodyHtml: DIEN_THOAI,
      effectiveFrom: '2026-01-05',
      requiresAck: true,
      status: 'draft',
    },
  ];
  const ids: number[] = [];
  for (const d of docs) {
    const [row] = await tx
      .insert(regulations)
      .values({
        title: d.title,
        category: d.category,
        bodyHtml: d.bodyHtml,
        pdfName: d.pdf?.name ?? null,
        pdfSize: d.pdf?.data.length ?? null,
        pdfData: d.pdf?.data ?? null,
        effectiveFrom: d.effectiveFrom,
        requiresAck: d.requiresAck,
        status: d.status,
        publishedAt: d.publishedDaysAgo === undefined ? null : sql`now() - make_interval(days => ${d.publishedDaysAgo})`,
        searchText: searchText(d.title, d.category),
        createdBy: opts.adminUserId,
      })
      .returning({ id: regulations.id });
    ids.push(row.id);
  }
  // The school rules: acknowledged by every active student of a homeroom class whose id is not a multiple of 3.
  const acked = await queryRows<{ id: number }>(
    tx,
    sql`select id from students where status = 'active' and homeroom_class_id is not null and id % 3 <> 0 order by id`,
  );
  const CHUNK = 1000;
  for (let i = 0; i < acked.length; i += CHUNK) {
    await tx
      .insert(regulationAcknowledgements)
      .values(
        acked.slice(i, i + CHUNK).map((s) => ({ regulationId: ids[0], studentId: s.id, acknowledgedAt: sql`now() - interval '1 day'` })),
      );
  }
  return { counts: { regulations: docs.length, regulationAcknowledgements: acked.length } };
}
