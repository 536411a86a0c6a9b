import type { TAnswers, TGridColumn, TSurvey, TSurveyQuestion } from './surveys';

/**
 * A small survey with every question type and option shape, for tests (shared, server, web).
 * Sections are listed out of display order on purpose; section 20 comes first on screen.
 */
export const AGREEMENT_COLUMNS: TGridColumn[] = [
  { id: 1, label: 'Rất không đồng ý', value: '1', valueNumber: 1, displayOrder: 1 },
  { id: 2, label: 'Không đồng ý', value: '2', valueNumber: 2, displayOrder: 2 },
  { id: 3, label: 'Phân vân', value: '3', valueNumber: 3, displayOrder: 3 },
  { id: 4, label: 'Đồng ý', value: '4', valueNumber: 4, displayOrder: 4 },
  { id: 5, label: 'Rất đồng ý', value: '5', valueNumber: 5, displayOrder: 5 },
  { id: 6, label: 'Không có ý kiến', value: 'None', valueNumber: null, displayOrder: 0 },
];

const q = (p: Partial<TSurveyQuestion> & Pick<TSurveyQuestion, 'id' | 'questionType' | 'displayOrder'>): TSurveyQuestion => ({
  content: `<p>Câu hỏi ${p.id}</p>`,
  required: 1,
  options: null,
  visibleToTeacher: true,
  lmsOnly: false,
  gridGroup: null,
  ...p,
});
const group = { id: 7, columns: AGREEMENT_COLUMNS };

export const makeSurvey = (over: Partial<TSurvey> = {}): TSurvey => ({
  id: 1,
  title: 'Khảo sát ý kiến học sinh về môn Toán',
  description: null,
  coverImageUrl: null,
  surveyType: 'SUBJECT_SPECIFIC',
  status: 'active',
  startDate: '2026-01-05',
  endDate: '2026-01-20',
  allowedGrades: [10, 11, 12],
  moduleId: 3,
  subjectId: 4,
  subject: { id: 4, name: 'Toán', usesLms: true },
  autoCalculate: false,
  isTemplate: false,
  studentCourseClass: { id: 55, name: 'Toán 10A1', teachers: [{ id: 9, displayName: 'Nguyễn Văn An' }] },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  sections: [
    {
      id: 10,
      title: 'Ý kiến chung',
      description: null,
      displayOrder: 2,
      questions: [
        q({ id: 102, questionType: 'long_text', displayOrder: 2, required: 0 }),
        q({ id: 101, questionType: 'short_text', displayOrder: 1, content: '<p>Em   thích <b>điều gì</b> nhất?</p>' }),
        q({ id: 103, questionType: 'multiple_choice', displayOrder: 3, options: { choices: ['A', 'B'], allowOther: true } }),
        q({ id: 104, questionType: 'dropdown', displayOrder: 4, options: { a: 'Lựa chọn A', b: 'Lựa chọn B' } }),
        q({
          id: 105,
          questionType: 'checkbox',
          displayOrder: 5,
          options: [
            { value: 'x', label: 'X' },
            { value: 'y', label: 'Y' },
            { value: 'other', label: 'Khác', isOther: true },
          ],
        }),
        q({ id: 106, questionType: 'linear_scale', displayOrder: 6, options: { min: 1, max: 5, minLabel: 'Kém', maxLabel: 'Tốt' } }),
      ],
    },
    {
      id: 20,
      title: 'Giáo viên',
      description: 'Đánh giá giáo viên',
      displayOrder: 1,
      questions: [
        q({ id: 201, questionType: 'grid', displayOrder: 1, gridGroup: group, content: '<p>Thầy cô giảng dễ hiểu</p>' }),
        q({ id: 202, questionType: 'grid', displayOrder: 2, gridGroup: group }),
        q({ id: 203, questionType: 'grid', displayOrder: 3, gridGroup: group, required: 0 }),
        q({ id: 204, questionType: 'short_text', displayOrder: 4, lmsOnly: true, content: '<p>Em dùng LMS thế nào?</p>' }),
      ],
    },
  ],
  ...over,
});

/** Valid answers to every question of `makeSurvey()`. */
export const completeAnswers = (): TAnswers => ({
  101: 'Giờ thực hành',
  102: 'Không',
  103: { selectedOptions: 'other', otherValue: 'Cả hai', otherAnswers: { other: 'Cả hai' } },
  104: 'b',
  105: { selectedOptions: ['x', 'other'], otherValue: 'Trò chơi', otherAnswers: { other: 'Trò chơi' } },
  106: 4,
  201: '5',
  202: 'None',
  203: '2',
  204: 'Hằng tuần',
});
