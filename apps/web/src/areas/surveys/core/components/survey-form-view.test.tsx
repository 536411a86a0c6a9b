import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AGREEMENT_COLUMNS, completeAnswers, makeSurvey } from '@app/shared/survey-fixtures';
import { SURVEY_MSG } from '@app/shared/survey-messages';
import { LONG_TEXT_ROWS } from '@app/shared/surveys';
import { sanitizeHtml } from '../lib/sanitize-html';
import { SurveyFormView } from './survey-form-view';

const DESC_LABELS = ['Rất đồng ý', 'Đồng ý', 'Phân vân', 'Không đồng ý', 'Rất không đồng ý', 'Không có ý kiến'];

describe('SurveyFormView', () => {
  it('renders sections by display order and every question type', () => {
    render(<SurveyFormView survey={makeSurvey()} answers={{}} mode="answer" onAnswer={() => {}} />);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Giáo viên', 'Ý kiến chung']);
    expect(screen.getByText('Đánh giá giáo viên')).toBeInTheDocument();

    // short text (101) and long text (102, 4 rows), labelled by the question's HTML text
    expect(screen.getByRole('textbox', { name: 'Em thích điều gì nhất?' })).toHaveAttribute('type', 'text');
    const long = screen.getByRole('textbox', { name: 'Câu hỏi 102' });
    expect(long.tagName).toBe('TEXTAREA');
    expect(long).toHaveAttribute('rows', String(LONG_TEXT_ROWS));
    expect(LONG_TEXT_ROWS).toBe(4);
    // multiple choice (103): radios with "Khác" appended by allowOther
    const mc = screen.getByRole('radiogroup', { name: 'Câu hỏi 103' });
    expect(
      within(mc)
        .getAllByRole('radio')
        .map((r) => r.closest('label')!.textContent),
    ).toEqual(['A', 'B', 'Khác']);
    // dropdown (104): the map shape
    const dd = screen.getByRole('combobox', { name: 'Câu hỏi 104' });
    expect(
      within(dd)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['-- Chọn một giá trị --', 'Lựa chọn A', 'Lựa chọn B']);
    // checkbox (105)
    const cb = screen.getByRole('group', { name: 'Câu hỏi 105' });
    expect(
      within(cb)
        .getAllByRole('checkbox')
        .map((r) => r.closest('label')!.textContent),
    ).toEqual(['X', 'Y', 'Khác']);
    // linear scale (106): 1..5 with the end labels
    const scale = screen.getByRole('radiogroup', { name: 'Câu hỏi 106' });
    expect(
      within(scale)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect(within(scale).getByRole('radio', { name: '1 - Kém' })).toBeInTheDocument();
    expect(within(scale).getByRole('radio', { name: '5 - Tốt' })).toBeInTheDocument();
    // required marks
    expect(screen.getAllByText('(bắt buộc)').length).toBeGreaterThan(0);
    // lmsOnly question shown for an LMS subject
    expect(screen.getByRole('textbox', { name: 'Em dùng LMS thế nào?' })).toBeInTheDocument();
  });

  it('shows a grid group as ONE table: rows are the questions, columns by descending display order', () => {
    render(<SurveyFormView survey={makeSurvey()} answers={{}} mode="answer" onAnswer={() => {}} />);
    const tables = screen.getAllByRole('table');
    expect(tables).toHaveLength(1);
    const headers = within(tables[0])
      .getAllByRole('columnheader')
      .slice(1)
      .map((h) => h.textContent);
    expect(headers).toEqual(DESC_LABELS);
    const rows = within(tables[0])
      .getAllByRole('rowheader')
      .map((h) => h.textContent);
    expect(rows[0]).toContain('Thầy cô giảng dễ hiểu');
    expect(rows).toHaveLength(3);
    // each radio is named by its row and its column
    const radio = screen.getByRole('radio', { name: 'Thầy cô giảng dễ hiểu Rất đồng ý' });
    expect(radio).toHaveAttribute('value', '5');
    expect(within(tables[0]).getAllByRole('radio')).toHaveLength(3 * AGREEMENT_COLUMNS.length);
  });

  it('hides lmsOnly questions for subjects without LMS', () => {
    render(<SurveyFormView survey={makeSurvey({ subject: { id: 4, name: 'Thể dục', usesLms: false } })} answers={{}} mode="answer" />);
    expect(screen.queryByRole('textbox', { name: 'Em dùng LMS thế nào?' })).not.toBeInTheDocument();
  });

  it('read-only shows the answers with every input disabled', () => {
    render(<SurveyFormView survey={makeSurvey()} answers={completeAnswers()} mode="readonly" />);
    expect(screen.getByRole('textbox', { name: 'Em thích điều gì nhất?' })).toHaveValue('Giờ thực hành');
    expect(screen.getByRole('radio', { name: 'Thầy cô giảng dễ hiểu Rất đồng ý' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Câu hỏi 202 Không có ý kiến' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Câu hỏi 104' })).toHaveValue('b');
    expect(screen.getAllByRole('textbox', { name: 'Nội dung lựa chọn Khác' }).map((t) => (t as HTMLInputElement).value)).toEqual([
      'Cả hai',
      'Trò chơi',
    ]);
    for (const el of [
      ...screen.getAllByRole('radio'),
      ...screen.getAllByRole('checkbox'),
      ...screen.getAllByRole('textbox'),
      screen.getByRole('combobox'),
    ])
      expect(el).toBeDisabled();
  });

  it('teacher preview hides the "Không có ý kiến" column and disables inputs', () => {
    render(<SurveyFormView survey={makeSurvey()} answers={{}} mode="teacher-preview" />);
    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .slice(1)
      .map((h) => h.textContent);
    expect(headers).toEqual(DESC_LABELS.slice(0, 5));
    expect(screen.getByRole('radio', { name: 'Thầy cô giảng dễ hiểu Đồng ý' })).toBeDisabled();
  });

  it('shows the empty states of spec section 8', () => {
    const { rerender } = render(<SurveyFormView survey={makeSurvey({ sections: [] })} answers={{}} mode="answer" />);
    expect(screen.getByText(SURVEY_MSG.emptySurvey)).toBeInTheDocument();
    const base = makeSurvey();
    const grid = base.sections[1].questions[0];
    rerender(
      <SurveyFormView
        survey={{
          ...base,
          sections: [
            { id: 1, title: 'Trống', description: null, displayOrder: 1, questions: [] },
            {
              id: 2,
              title: 'Lưới',
              description: null,
              displayOrder: 2,
              questions: [{ ...grid, id: 900, gridGroup: { id: 70, columns: [] } }],
            },
            { id: 3, title: 'Lưới 2', description: null, displayOrder: 3, questions: [{ ...grid, id: 901, gridGroup: null }] },
          ],
        }}
        answers={{}}
        mode="answer"
      />,
    );
    expect(screen.getByText(SURVEY_MSG.emptySection)).toBeInTheDocument();
    expect(screen.getByText(SURVEY_MSG.emptyGridColumns)).toBeInTheDocument();
    expect(screen.getByText(SURVEY_MSG.emptyGridGroup)).toBeInTheDocument();
  });

  it('renders question HTML sanitized (no script, no handlers, no javascript: links) with trailing zeros stripped', () => {
    const html =
      '<p onclick="alert(1)">Điểm <b>4.50</b><script>alert(2)</script><img src=x onerror="alert(3)"><a href="javascript:alert(4)">x</a><a href="https://a.vn" style="color:red">y</a></p>';
    const clean = sanitizeHtml(html);
    expect(clean).not.toMatch(/script|onclick|onerror|javascript|<img|style=/i);
    expect(clean).toContain('<b>4.5</b>');
    expect(clean).toContain('href="https://a.vn"');
    const survey = makeSurvey();
    survey.sections[0].questions[1].content = html;
    const { container } = render(<SurveyFormView survey={survey} answers={{}} mode="answer" />);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onclick]')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
  });
});
