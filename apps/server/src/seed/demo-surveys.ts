import { eq, inArray } from 'drizzle-orm';
import { ZSurveyInput, type TSurveyStatus } from '@app/shared/surveys';
import type { Tx } from '../db/client';
import { modules } from '../db/schema/academic';
import { subjects } from '../db/schema/school';
import { surveys } from '../db/schema/surveys';
import { copySurvey } from '../areas/surveys/authoring/survey-copy';
import { insertSurvey } from '../areas/surveys/authoring/surveys.service';
import { CURRENT_MODULE_CODE, OTHER_MODULE_CODE } from './demo-school';

/**
 * Two real templates (general school feedback; feedback on teaching, after MOET's questionnaires
 * "lấy ý kiến phản hồi của người học về hoạt động giảng dạy của giáo viên"), and from them two
 * active surveys of the current module: Toán (subject) and a general one for grades 10–12, then Tiếng Anh
 * and Vật lý (MORE_OPEN_SUBJECTS); and the
 * subject surveys of the module before it for every demo teacher's subject, closed (their answers
 * auto-reviewed and their results published by demo.ts), so teachers and heads see published results
 * on first start (issues 11, 12).
 * Through the same code as POST /surveys and apply-template; deterministic.
 */
export const GENERAL_TEMPLATE_TITLE = 'Khảo sát ý kiến học sinh về nhà trường';
export const TEACHING_TEMPLATE_TITLE = 'Lấy ý kiến học sinh về hoạt động giảng dạy của giáo viên';
export const DEMO_SURVEY_DATES = { startDate: '2026-11-16', endDate: '2026-12-06' } as const;
/** The closed subject surveys of the first module (2026-HK1-M1, which ends on 31/10/2026). */
export const DEMO_CLOSED_SURVEY_DATES = { startDate: '2026-10-12', endDate: '2026-10-25' } as const;

const AGREE = [
  { label: 'Rất không đồng ý', value: '1', valueNumber: 1, displayOrder: 1 },
  { label: 'Không đồng ý', value: '2', valueNumber: 2, displayOrder: 2 },
  { label: 'Phân vân', value: '3', valueNumber: 3, displayOrder: 3 },
  { label: 'Đồng ý', value: '4', valueNumber: 4, displayOrder: 4 },
  { label: 'Rất đồng ý', value: '5', valueNumber: 5, displayOrder: 5 },
  { label: 'Không có ý kiến', value: 'None', valueNumber: null, displayOrder: 0 },
];
const p = (t: string) => `<p>${t}</p>`;
const grid = (key: string, rows: Array<string | [string, { lmsOnly: boolean }]>, from = 1) =>
  rows.map((r, i) => {
    const [text, extra] = typeof r === 'string' ? [r, { lmsOnly: false }] : r;
    return {
      content: p(text),
      questionType: 'grid',
      required: 1,
      displayOrder: from + i,
      lmsOnly: extra.lmsOnly,
      gridGroup: { key, columns: AGREE },
    };
  });

const GENERAL_TEMPLATE = {
  title: GENERAL_TEMPLATE_TITLE,
  description: p(
    'Ý kiến của em giúp nhà trường cải thiện cơ sở vật chất, đời sống học đường và sự an toàn của học sinh. Khảo sát <strong>không ghi tên</strong> trong các báo cáo.',
  ),
  surveyType: 'GENERAL',
  status: 'draft',
  isTemplate: true,
  allowedGrades: [10, 11, 12],
  sections: [
    {
      title: 'Cơ sở vật chất',
      description: p('Mức độ đồng ý của em với các nhận định sau.'),
      displayOrder: 1,
      questions: grid('csvc', [
        'Phòng học sạch sẽ, đủ ánh sáng và thoáng mát.',
        'Bàn ghế, bảng, máy chiếu trong phòng học đáp ứng tốt việc học.',
        'Phòng thí nghiệm, phòng máy tính đủ thiết bị cho các giờ thực hành.',
        'Thư viện có đủ tài liệu và không gian tự học.',
        'Nhà vệ sinh sạch sẽ, đủ nước và được giữ gìn thường xuyên.',
        'Kết nối Internet (Wi-Fi) trong trường ổn định khi cần cho học tập.',
      ]),
    },
    {
      title: 'Đời sống học đường',
      description: null,
      displayOrder: 2,
      questions: [
        ...grid('dshd', [
          'Em cảm thấy được tôn trọng và lắng nghe ở trường.',
          'Các hoạt động câu lạc bộ, ngoại khóa phong phú và bổ ích.',
          'Giáo viên chủ nhiệm quan tâm, hỗ trợ kịp thời khi em gặp khó khăn.',
          'Nhà trường thông tin đầy đủ, kịp thời cho học sinh và phụ huynh.',
        ]),
        {
          content: p('Em tham gia những hoạt động nào của trường trong học kỳ này?'),
          questionType: 'checkbox',
          required: 0,
          displayOrder: 5,
          options: {
            choices: [
              { value: 'clb_hoc_thuat', label: 'Câu lạc bộ học thuật' },
              { value: 'the_thao', label: 'Thể dục thể thao' },
              { value: 'van_nghe', label: 'Văn nghệ' },
              { value: 'tinh_nguyen', label: 'Hoạt động tình nguyện' },
              { value: 'doan_truong', label: 'Hoạt động Đoàn trường' },
            ],
            allowOther: true,
          },
        },
        {
          content: p('Nhìn chung, em hài lòng với môi trường học tập của trường ở mức nào?'),
          questionType: 'linear_scale',
          required: 1,
          displayOrder: 6,
          options: { min: 1, max: 5, minLabel: 'Rất không hài lòng', maxLabel: 'Rất hài lòng' },
        },
      ],
    },
    {
      title: 'An toàn trường học',
      description: null,
      displayOrder: 3,
      questions: [
        ...grid('at', [
          'Em cảm thấy an toàn khi ở trường và trên đường đến trường.',
          'Trong học kỳ này em không bị bắt nạt, trêu chọc hay bạo lực (kể cả trên mạng).',
          'Em biết cần báo cho ai khi bản thân hoặc bạn bè gặp nguy hiểm.',
        ]),
        {
          content: p('Nếu chứng kiến bạo lực học đường, em sẽ làm gì trước tiên?'),
          questionType: 'multiple_choice',
          required: 0,
          displayOrder: 4,
          options: {
            choices: [
              { value: 'bao_gvcn', label: 'Báo cho giáo viên chủ nhiệm' },
              { value: 'bao_bgh', label: 'Báo cho Ban giám hiệu / bảo vệ' },
              { value: 'bao_phu_huynh', label: 'Kể với bố mẹ' },
              { value: 'khong_lam_gi', label: 'Không làm gì' },
            ],
            allowOther: true,
          },
        },
      ],
    },
    {
      title: 'Ý kiến khác',
      description: null,
      displayOrder: 4,
      questions: [
        { content: p('Điều em <strong>thích nhất</strong> ở trường là gì?'), questionType: 'long_text', required: 0, displayOrder: 1 },
        { content: p('Em đề xuất nhà trường cần cải thiện điều gì?'), questionType: 'long_text', required: 0, displayOrder: 2 },
      ],
    },
  ],
};

const TEACHING_TEMPLATE = {
  title: TEACHING_TEMPLATE_TITLE,
  description: p(
    'Nhằm nâng cao chất lượng dạy học, nhà trường lấy ý kiến phản hồi của học sinh về hoạt động giảng dạy của thầy/cô. Em hãy trả lời trung thực; ý kiến được tổng hợp, không ghi tên.',
  ),
  surveyType: 'SUBJECT_SPECIFIC',
  status: 'draft',
  isTemplate: true,
  allowedGrades: [10, 11, 12],
  sections: [
    {
      title: 'Hoạt động giảng dạy của thầy/cô',
      description: p('Chọn mức độ đồng ý của em với mỗi nhận định.'),
      displayOrder: 1,
      questions: grid('gd', [
        'Thầy/cô giới thiệu rõ mục tiêu, nội dung và cách đánh giá của môn học ngay từ đầu học phần.',
        'Thầy/cô truyền đạt dễ hiểu, có hệ thống.',
        'Thầy/cô liên hệ bài học với thực tế và các ví dụ gần gũi.',
        'Thầy/cô khuyến khích học sinh đặt câu hỏi, thảo luận và làm việc nhóm.',
        'Thầy/cô giải đáp thắc mắc của học sinh đầy đủ, kịp thời.',
        'Thầy/cô lên lớp đúng giờ và dạy đủ nội dung theo kế hoạch.',
        'Bài kiểm tra, đánh giá phù hợp với nội dung đã học và được chấm công bằng.',
        'Thầy/cô nhận xét, phản hồi kết quả học tập giúp em tiến bộ.',
        'Thầy/cô tôn trọng và đối xử công bằng với mọi học sinh.',
        ['Thầy/cô sử dụng hệ thống học tập trực tuyến (LMS) hiệu quả: tài liệu, bài tập, thông báo đầy đủ.', { lmsOnly: true }],
      ]),
    },
    {
      title: 'Đánh giá chung',
      description: null,
      displayOrder: 2,
      questions: [
        {
          content: p('Nhìn chung, em đánh giá chất lượng giảng dạy của thầy/cô ở mức nào?'),
          questionType: 'linear_scale',
          required: 1,
          displayOrder: 1,
          options: { min: 1, max: 5, minLabel: 'Rất kém', maxLabel: 'Rất tốt' },
        },
        {
          content: p('Mức độ em tự học môn này ngoài giờ lên lớp?'),
          questionType: 'multiple_choice',
          required: 1,
          displayOrder: 2,
          options: {
            choices: [
              { value: 'duoi_1h', label: 'Dưới 1 giờ mỗi tuần' },
              { value: '1_3h', label: 'Từ 1 đến 3 giờ mỗi tuần' },
              { value: 'tren_3h', label: 'Trên 3 giờ mỗi tuần' },
            ],
            allowOther: true,
          },
        },
        {
          content: p('Những hình thức học tập nào giúp em học môn này tốt nhất?'),
          questionType: 'checkbox',
          required: 0,
          displayOrder: 3,
          options: {
            choices: [
              { value: 'giang_giai', label: 'Nghe giảng và ghi chép' },
              { value: 'thao_luan', label: 'Thảo luận nhóm' },
              { value: 'thuc_hanh', label: 'Thực hành, thí nghiệm' },
              { value: 'du_an', label: 'Dự án, sản phẩm' },
              { value: 'tu_hoc', label: 'Tự học với tài liệu' },
            ],
          },
        },
        {
          content: p('Điều em <strong>hài lòng nhất</strong> về cách dạy của thầy/cô?'),
          questionType: 'long_text',
          required: 0,
          displayOrder: 4,
        },
        { content: p('Em có góp ý gì để thầy/cô dạy tốt hơn?'), questionType: 'long_text', required: 0, displayOrder: 5 },
      ],
    },
  ],
};

/**
 * The first module's closed surveys: every demo teacher's own subject (Toán, Ngữ văn, Tiếng Anh, Vật
 * lý, Hóa học, Sinh học), so each of them and each demo head has published results. Ngữ văn and Tiếng
 * Anh ask grade 10 only (the first year of the school), which also keeps the first start's seed fast:
 * every closed answer costs the seed about a millisecond on PGlite, and the test template is seeded too.
 */
export const CLOSED_SURVEYS: ReadonlyArray<{ subject: string; grades: Array<10 | 11 | 12> }> = [
  { subject: 'TOAN', grades: [10, 11, 12] },
  { subject: 'VAN', grades: [10] },
  { subject: 'ANH', grades: [10] },
  { subject: 'LY', grades: [10, 11, 12] },
  { subject: 'HOA', grades: [10, 11, 12] },
  { subject: 'SINH', grades: [10, 11, 12] },
];

/**
 * Open in the current module besides Toán (issue 12): the subjects of the demo teachers gv.anh and
 * totruong.ly, so their dashboards and the head's department show live completion on first start.
 */
export const MORE_OPEN_SUBJECTS = ['ANH', 'LY'] as const;

export async function seedSurveyTemplates(tx: Tx): Promise<{ templates: number; surveys: number; closedSurveyIds: number[] }> {
  const generalId = await insertSurvey(tx, ZSurveyInput.parse(GENERAL_TEMPLATE), null);
  const teachingId = await insertSurvey(tx, ZSurveyInput.parse(TEACHING_TEMPLATE), null);

  const [mod] = await tx.select({ id: modules.id }).from(modules).where(eq(modules.code, CURRENT_MODULE_CODE)).limit(1);
  const [earlier] = await tx.select({ id: modules.id }).from(modules).where(eq(modules.code, OTHER_MODULE_CODE)).limit(1);
  const subjectRows = await tx
    .select({ id: subjects.id, code: subjects.code, name: subjects.name, usesLms: subjects.usesLms })
    .from(subjects)
    .where(
      inArray(
        subjects.code,
        CLOSED_SURVEYS.map((c) => c.subject),
      ),
    );
  const subject = new Map(subjectRows.map((r) => [r.code, r]));
  const toan = subject.get('TOAN');
  if (!mod || !earlier || !toan) return { templates: 2, surveys: 0, closedSurveyIds: [] };
  const base = { isTemplate: false, moduleId: mod.id, ...DEMO_SURVEY_DATES, allowedGrades: [10, 11, 12], createdBy: null };
  const subjectId = await copySurvey(tx, teachingId, {
    ...base,
    title: `Lấy ý kiến học sinh về hoạt động giảng dạy - ${toan.name}`,
    subjectId: toan.id,
    dropLmsOnly: !toan.usesLms,
  });
  const generalSurveyId = await copySurvey(tx, generalId, {
    ...base,
    title: 'Khảo sát ý kiến học sinh về nhà trường - Học kỳ I',
    subjectId: null,
    dropLmsOnly: false,
  });
  const active: TSurveyStatus = 'active';
  await tx
    .update(surveys)
    .set({ status: active })
    .where(inArray(surveys.id, [subjectId, generalSurveyId]));
  // After the open ones, so their ids stay what they were before these were added.
  const closedSurveyIds: number[] = [];
  for (const c of CLOSED_SURVEYS) {
    const s = subject.get(c.subject);
    if (!s) continue;
    const some = c.grades.length < 3 ? ` khối ${c.grades.join(', ')}` : '';
    closedSurveyIds.push(
      await copySurvey(tx, teachingId, {
        isTemplate: false,
        moduleId: earlier.id,
        ...DEMO_CLOSED_SURVEY_DATES,
        allowedGrades: c.grades,
        createdBy: null,
        title: `Lấy ý kiến học sinh về hoạt động giảng dạy - ${s.name}${some} (học phần 1)`,
        subjectId: s.id,
        dropLmsOnly: !s.usesLms,
      }),
    );
  }
  const closed: TSurveyStatus = 'closed';
  await tx.update(surveys).set({ status: closed }).where(inArray(surveys.id, closedSurveyIds));
  // Last, so every id and answer above stays as it was: the current module's other open subject surveys.
  const moreOpen: number[] = [];
  for (const code of MORE_OPEN_SUBJECTS) {
    const s = subject.get(code);
    if (!s) continue;
    moreOpen.push(
      await copySurvey(tx, teachingId, {
        ...base,
        title: `Lấy ý kiến học sinh về hoạt động giảng dạy - ${s.name}`,
        subjectId: s.id,
        dropLmsOnly: !s.usesLms,
      }),
    );
  }
  if (moreOpen.length) await tx.update(surveys).set({ status: active }).where(inArray(surveys.id, moreOpen));
  return { templates: 2, surveys: 2 + closedSurveyIds.length + moreOpen.length, closedSurveyIds };
}
