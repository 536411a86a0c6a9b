import { describe, expect, it } from 'vitest';
import { stripTrailingZeros } from './survey-answers';
import { AGREEMENT_COLUMNS, makeSurvey } from './survey-fixtures';
import {
  QUESTION_TYPES,
  QUESTION_TYPE_LABELS,
  REVIEW_STATUSES,
  REVIEW_STATUS_LABELS,
  SURVEY_STATUSES,
  SURVEY_STATUS_LABELS,
  SURVEY_TYPES,
  SURVEY_TYPE_LABELS,
  ZQuestionOptions,
  ZSurvey,
  ZSurveyInput,
  ZSubmission,
  gridColumnsForDisplay,
  htmlToPlainText,
  normalizeOptions,
  orderedSections,
  visibleGridColumnsForTeacher,
} from './surveys';

describe('enums', () => {
  it('have a Vietnamese label for every value', () => {
    for (const [values, labels] of [
      [SURVEY_TYPES, SURVEY_TYPE_LABELS],
      [SURVEY_STATUSES, SURVEY_STATUS_LABELS],
      [QUESTION_TYPES, QUESTION_TYPE_LABELS],
      [REVIEW_STATUSES, REVIEW_STATUS_LABELS],
    ] as const)
      expect(Object.keys(labels).sort()).toEqual([...values].sort());
    expect(QUESTION_TYPES).toHaveLength(7);
  });
});

const ch = (value: string, label = value, isOther = false) => ({ value, label, isOther });
const OTHER = ch('other', 'Khác', true);

describe('normalizeOptions: every option shape (spec section 3)', () => {
  it.each([
    ['object with allowOther', 'multiple_choice', { choices: ['A', 'B'], allowOther: true }, [ch('A'), ch('B'), OTHER], true],
    ['object without allowOther', 'dropdown', { choices: ['A'] }, [ch('A')], false],
    [
      'object whose choices already hold other',
      'checkbox',
      { choices: ['A', { value: 'other', label: 'Ý khác' }], allowOther: true },
      [ch('A'), ch('other', 'Ý khác', true)],
      true,
    ],
    ['array of strings', 'multiple_choice', ['Có', 'Không'], [ch('Có'), ch('Không')], false],
    ['array of strings with other', 'checkbox', ['Có', 'other'], [ch('Có'), OTHER], true],
    [
      'array of objects, other by isOther',
      'checkbox',
      [
        { value: 'a', label: 'Một' },
        { value: 'khac', label: 'Khác', isOther: true },
      ],
      [ch('a', 'Một'), ch('khac', 'Khác', true)],
      true,
    ],
    ['array of objects without label', 'dropdown', [{ value: 'a' }], [ch('a')], false],
    ['numbers become strings', 'dropdown', [1, { value: 2, label: 'Hai' }], [ch('1'), ch('2', 'Hai')], false],
    ['map value → label', 'dropdown', { a: 'Lựa chọn A', b: 'Lựa chọn B' }, [ch('a', 'Lựa chọn A'), ch('b', 'Lựa chọn B')], false],
    ['map with other key', 'multiple_choice', { a: 'A', other: 'Khác' }, [ch('a', 'A'), OTHER], true],
    ['JSON string', 'multiple_choice', '["A","B"]', [ch('A'), ch('B')], false],
    ['unreadable JSON string', 'multiple_choice', '{oops', [], false],
    ['null', 'checkbox', null, [], false],
    ['a scale object on a choice question', 'dropdown', { min: 1, max: 5 }, [], false],
    ['junk items are dropped', 'checkbox', ['A', null, { label: 'no value' }], [ch('A')], false],
  ])('%s', (_name, type, options, choices, allowOther) => {
    const n = normalizeOptions(type, options);
    expect(n.choices).toEqual(choices);
    expect(n.allowOther).toBe(allowOther);
    expect(n.scale).toBeUndefined();
  });

  it.each([
    ['defaults 1 to 5', null, { min: 1, max: 5, minLabel: '', maxLabel: '' }],
    [
      'given bounds and labels',
      { min: 0, max: 10, minLabel: 'Kém', maxLabel: 'Tốt' },
      { min: 0, max: 10, minLabel: 'Kém', maxLabel: 'Tốt' },
    ],
    ['only max', { max: 7 }, { min: 1, max: 7, minLabel: '', maxLabel: '' }],
    ['numeric strings', { min: '2', max: '4' }, { min: 2, max: 4, minLabel: '', maxLabel: '' }],
    ['JSON string', '{"min":1,"max":3}', { min: 1, max: 3, minLabel: '', maxLabel: '' }],
  ])('linear scale: %s', (_name, options, scale) => {
    expect(normalizeOptions('linear_scale', options)).toEqual({ choices: [], allowOther: false, scale });
  });

  it('ZQuestionOptions keeps a map a map (not read as a scale)', () => {
    expect(ZQuestionOptions.parse({ a: 'A' })).toEqual({ a: 'A' });
    expect(ZQuestionOptions.parse({ min: 0, max: 4 })).toEqual({ min: 0, max: 4 });
    expect(ZQuestionOptions.parse({ choices: ['A'], allowOther: true })).toEqual({ choices: ['A'], allowOther: true });
  });
});

describe('grid columns', () => {
  it('show by descending display order, without mutating the input', () => {
    const before = AGREEMENT_COLUMNS.map((c) => c.label);
    expect(gridColumnsForDisplay(AGREEMENT_COLUMNS).map((c) => c.value)).toEqual(['5', '4', '3', '2', '1', 'None']);
    expect(AGREEMENT_COLUMNS.map((c) => c.label)).toEqual(before);
  });
  it('keep the given order for equal display orders', () => {
    const cols = [
      { displayOrder: 1, k: 'a' },
      { displayOrder: 2, k: 'b' },
      { displayOrder: 1, k: 'c' },
    ];
    expect(gridColumnsForDisplay(cols).map((c) => c.k)).toEqual(['b', 'a', 'c']);
  });
  it('hide "Không có ý kiến" (value None) in the teacher preview', () => {
    expect(visibleGridColumnsForTeacher(AGREEMENT_COLUMNS).map((c) => c.label)).toEqual([
      'Rất đồng ý',
      'Đồng ý',
      'Phân vân',
      'Không đồng ý',
      'Rất không đồng ý',
    ]);
    const byLabelOnly = [
      { label: 'Không có ý kiến', value: '0', displayOrder: 1 },
      { label: 'Có', value: '1', displayOrder: 2 },
    ];
    expect(visibleGridColumnsForTeacher(byLabelOnly).map((c) => c.label)).toEqual(['Có']);
  });
});

describe('ZSurvey and orderedSections', () => {
  it('parses the GET shape', () => expect(ZSurvey.parse(makeSurvey()).sections).toHaveLength(2));
  it('orders sections and questions; lmsOnly questions only for subjects using the LMS', () => {
    const ids = (s: ReturnType<typeof makeSurvey>) => orderedSections(s).map((x) => x.questions.map((q) => q.id));
    expect(ids(makeSurvey())).toEqual([
      [201, 202, 203, 204],
      [101, 102, 103, 104, 105, 106],
    ]);
    expect(ids(makeSurvey({ subject: { id: 4, name: 'Thể dục', usesLms: false } }))[0]).toEqual([201, 202, 203]);
  });
  it('htmlToPlainText drops tags and entities', () => {
    expect(htmlToPlainText('<p>Em&nbsp;thích <b>điều gì</b> &amp; vì sao?</p>')).toBe('Em thích điều gì & vì sao?');
    expect(htmlToPlainText('<p>&nbsp;</p><br>')).toBe('');
  });
});

// ---- ZSurveyInput ----
const col = (value: string, label: string, valueNumber: number | null, displayOrder: number) => ({
  label,
  value,
  valueNumber,
  displayOrder,
});
const cols = [col('1', 'Không đồng ý', 1, 1), col('2', 'Đồng ý', 2, 2), col('None', 'Không có ý kiến', null, 0)];
const qi = (over: Record<string, unknown> = {}) => ({
  content: '<p>Câu hỏi</p>',
  questionType: 'short_text',
  required: 1,
  displayOrder: 1,
  ...over,
});
const base = (over: Record<string, unknown> = {}, questions: unknown[] = [qi()]) => ({
  title: 'Khảo sát cuối học phần',
  surveyType: 'GENERAL',
  status: 'active',
  startDate: '2026-01-05',
  endDate: '2026-01-20',
  allowedGrades: [10, 11],
  moduleId: 3,
  sections: [{ title: 'Phần 1', displayOrder: 1, questions }],
  ...over,
});
const messages = (input: unknown) => ZSurveyInput.safeParse(input).error?.issues.map((i) => i.message) ?? [];

describe('ZSurveyInput', () => {
  it('accepts a full survey and fills defaults', () => {
    const grid = { questionType: 'grid', gridGroup: { key: 'g1', columns: cols } };
    const s = ZSurveyInput.parse(
      base({ surveyType: 'SUBJECT_SPECIFIC', subjectId: 4 }, [
        qi(),
        qi({ displayOrder: 2, required: true, questionType: 'multiple_choice', options: { choices: ['A'], allowOther: true } }),
        qi({ displayOrder: 3, questionType: 'linear_scale', options: {} }),
        qi({ displayOrder: 4, ...grid }),
        qi({ displayOrder: 5, ...grid, gridGroup: { key: 'g1' } }),
        qi({ displayOrder: 6, questionType: 'dropdown', options: { a: 'A', b: 'B' } }),
        qi({ displayOrder: 7, questionType: 'checkbox', options: ['Em đồng ý'] }),
      ]),
    );
    const qs = s.sections[0].questions;
    expect(qs[1].required).toBe(1);
    expect(qs[2].options).toEqual({ min: 1, max: 5 });
    expect(qs[0]).toMatchObject({ options: null, visibleToTeacher: true, lmsOnly: false, gridGroup: null });
    expect(s).toMatchObject({ description: null, coverImageUrl: null, autoCalculate: false, isTemplate: false });
  });
  it('accepts a draft template without module, dates or grades', () => {
    expect(messages({ title: 'Mẫu', surveyType: 'SUBJECT_SPECIFIC', isTemplate: true, sections: [] })).toEqual([]);
  });

  it.each([
    ['title required', base({ title: '  ' }), 'Tiêu đề khảo sát là bắt buộc.'],
    ['end before start', base({ endDate: '2026-01-01' }), 'Ngày kết thúc phải sau hoặc bằng ngày bắt đầu.'],
    ['invalid date', base({ startDate: '2026-02-30' }), 'Ngày bắt đầu phải là ngày hợp lệ.'],
    ['active needs dates', base({ startDate: null }), 'Ngày bắt đầu là bắt buộc.'],
    ['grades non-empty', base({ allowedGrades: [] }), 'Phải chọn ít nhất một khối được tham gia.'],
    ['grades 10/11/12 only', base({ allowedGrades: [9] }), 'Khối phải là 10, 11 hoặc 12.'],
    ['grades unique', base({ allowedGrades: [10, 10] }), 'Mỗi khối chỉ được chọn một lần.'],
    ['subject survey needs a subject', base({ surveyType: 'SUBJECT_SPECIFIC' }), 'Khảo sát theo môn học phải chọn môn học.'],
    ['general survey has no subject', base({ subjectId: 4 }), 'Khảo sát chung không gắn với môn học.'],
    ['module required', base({ moduleId: null }), 'Học phần là bắt buộc.'],
    ['template has no module', base({ isTemplate: true, status: 'draft' }), 'Mẫu khảo sát không gắn với học phần.'],
    ['template never active', base({ isTemplate: true, moduleId: null }), 'Mẫu khảo sát không thể mở cho học sinh trả lời.'],
    ['active needs a question', base({}, []), 'Khảo sát phải có ít nhất một câu hỏi trước khi mở.'],
    ['content required (empty HTML)', base({}, [qi({ content: '<p>&nbsp;</p>' })]), 'Nội dung câu hỏi là bắt buộc.'],
    ['unknown question type', base({}, [qi({ questionType: 'rating' })]), 'Loại câu hỏi không được hỗ trợ.'],
    [
      'scale min < max',
      base({}, [qi({ questionType: 'linear_scale', options: { min: 5, max: 5 } })]),
      'Giá trị lớn nhất của thang đo phải lớn hơn giá trị nhỏ nhất.',
    ],
    [
      'scale at most 11 steps',
      base({}, [qi({ questionType: 'linear_scale', options: { min: 0, max: 20 } })]),
      'Thang đo có tối đa 11 mức.',
    ],
    ['choice needs a choice', base({}, [qi({ questionType: 'checkbox', options: [] })]), 'Câu hỏi lựa chọn phải có ít nhất một lựa chọn.'],
    [
      '"Khác" alone is not enough',
      base({}, [qi({ questionType: 'dropdown', options: { choices: [], allowOther: true } })]),
      'Câu hỏi lựa chọn phải có ít nhất một lựa chọn.',
    ],
    [
      'multiple choice needs 2 choices',
      base({}, [qi({ questionType: 'multiple_choice', options: ['A'] })]),
      'Câu hỏi trắc nghiệm cần ít nhất 2 lựa chọn.',
    ],
    [
      'dropdown needs 2 choices',
      base({}, [qi({ questionType: 'dropdown', options: { choices: ['A'], allowOther: false } })]),
      'Câu hỏi danh sách thả xuống cần ít nhất 2 lựa chọn.',
    ],
    [
      'choice values unique',
      base({}, [qi({ questionType: 'multiple_choice', options: ['A', 'A'] })]),
      'Giá trị các lựa chọn không được trùng nhau.',
    ],
    [
      'choices left empty read as empty, not as duplicates',
      base({}, [qi({ questionType: 'checkbox', options: ['A', '', ''] })]),
      'Lựa chọn không được để trống.',
    ],
    ['choice options shape', base({}, [qi({ questionType: 'multiple_choice', options: 'A,B' })]), 'Các lựa chọn không đúng định dạng.'],
    ['grid needs a group', base({}, [qi({ questionType: 'grid' })]), 'Câu hỏi dạng lưới phải thuộc một nhóm lưới.'],
    ['only grid has a group', base({}, [qi({ gridGroup: { key: 'g', columns: cols } })]), 'Chỉ câu hỏi dạng lưới mới thuộc nhóm lưới.'],
    [
      'grid ≥ 2 columns',
      base({}, [qi({ questionType: 'grid', gridGroup: { key: 'g', columns: [cols[0]] } })]),
      'Nhóm lưới phải có ít nhất 2 cột.',
    ],
    [
      'grid values unique',
      base({}, [qi({ questionType: 'grid', gridGroup: { key: 'g', columns: [cols[0], { ...cols[1], value: '1' }] } })]),
      'Giá trị các cột của lưới không được trùng nhau.',
    ],
    [
      'grid labels unique',
      base({}, [qi({ questionType: 'grid', gridGroup: { key: 'g', columns: [cols[0], { ...cols[1], label: 'Không đồng ý' }] } })]),
      'Nhãn các cột của lưới không được trùng nhau.',
    ],
    [
      'grid orders unique',
      base({}, [qi({ questionType: 'grid', gridGroup: { key: 'g', columns: [cols[0], { ...cols[1], displayOrder: 1 }] } })]),
      'Thứ tự hiển thị các cột của lưới không được trùng nhau.',
    ],
    [
      'None has no number',
      base({}, [qi({ questionType: 'grid', gridGroup: { key: 'g', columns: [cols[0], { ...cols[2], valueNumber: 0 }] } })]),
      'Cột "Không có ý kiến" (giá trị None) không có giá trị số.',
    ],
    [
      'same key, same columns',
      base({}, [
        qi({ questionType: 'grid', gridGroup: { key: 'g', columns: cols } }),
        qi({ displayOrder: 2, questionType: 'grid', gridGroup: { key: 'g', columns: cols.slice(0, 2) } }),
      ]),
      'Các câu hỏi cùng nhóm lưới phải có cùng các cột.',
    ],
    ['question orders unique in a section', base({}, [qi(), qi()]), 'Thứ tự hiển thị các câu hỏi trong một phần không được trùng nhau.'],
    [
      'section orders unique',
      base({
        sections: [
          { title: 'A', displayOrder: 1, questions: [qi()] },
          { title: 'B', displayOrder: 1 },
        ],
      }),
      'Thứ tự hiển thị các phần không được trùng nhau.',
    ],
    ['section title required', base({ sections: [{ title: '', displayOrder: 1, questions: [qi()] }] }), 'Tiêu đề phần là bắt buộc.'],
  ])('%s', (_name, input, message) => {
    expect(messages(input)).toContain(message);
  });

  it('lets two sections reuse a grid key independently', () => {
    const g = (columns: unknown[]) => [qi({ questionType: 'grid', gridGroup: { key: 'g', columns } })];
    expect(
      messages(
        base({
          sections: [
            { title: 'A', displayOrder: 1, questions: g(cols) },
            { title: 'B', displayOrder: 2, questions: g(cols.slice(0, 2)) },
          ],
        }),
      ),
    ).toEqual([]);
  });
});

describe('ZSubmission', () => {
  it('defaults courseClassId to null and turns numeric options into strings', () => {
    const s = ZSubmission.parse({
      studentId: 1,
      sections: [{ sectionId: 1, displayOrder: 1, responses: [{ questionId: 2, displayOrder: 1, answerOptions: [3] }] }],
    });
    expect(s.courseClassId).toBeNull();
    expect(s.sections[0].responses[0].answerOptions).toEqual(['3']);
  });
  it('needs a student', () => expect(ZSubmission.safeParse({ sections: [] }).success).toBe(false));
});

describe('stripTrailingZeros', () => {
  it.each([
    ['Điểm 4.50 trên 10', 'Điểm 4.5 trên 10'],
    ['3.0', '3'],
    ['2.000 và 7.10.', '2 và 7.1.'],
    ['0.05', '0.05'],
    ['100 học sinh', '100 học sinh'],
    ['Ngày 12.10.2024', 'Ngày 12.10.2024'],
    ['phiên bản 1.2.0', 'phiên bản 1.2.0'],
    ['<p>Hệ số 1.50</p>', '<p>Hệ số 1.5</p>'],
    ['x1.50', 'x1.50'],
  ])('%s → %s', (input, output) => expect(stripTrailingZeros(input)).toBe(output));
});
