import { describe, expect, it } from 'vitest';
import { AGREEMENT_COLUMNS, makeSurvey } from '@app/shared/survey-fixtures';
import { ZSurveyInput } from '@app/shared/surveys';
import { moveBlock, updateGrid } from './draft-ops';
import { placeIssues } from './draft-errors';
import { draftToSurvey } from './draft-preview';
import { choiceValues, draftFromSurvey, presetColumns, toSurveyBody } from './survey-draft';

describe('survey draft ⇄ request body', () => {
  it('a survey read back is a valid body with every id kept, grid rows together, orders renumbered', () => {
    const survey = makeSurvey();
    const { body } = toSurveyBody(draftFromSurvey(survey));
    expect(ZSurveyInput.safeParse(body).success).toBe(true);
    // Sections by display order (20 first), questions by display order, 1, 2, 3 …
    expect(body.sections.map((s) => [s.id, s.displayOrder])).toEqual([
      [20, 1],
      [10, 2],
    ]);
    expect(body.sections[0].questions.map((q) => [q.id, q.displayOrder, q.gridGroup?.key ?? null])).toEqual([
      [201, 1, 'g7'],
      [202, 2, 'g7'],
      [203, 3, 'g7'],
      [204, 4, null],
    ]);
    expect(body.sections[0].questions[0].gridGroup).toEqual({
      id: 7,
      key: 'g7',
      columns: [...AGREEMENT_COLUMNS].sort((a, b) => a.displayOrder - b.displayOrder),
    });
    expect(body.sections[0].questions[3].lmsOnly).toBe(true);
    expect(body.sections[1].questions.map((q) => q.id)).toEqual([101, 102, 103, 104, 105, 106]);
    // Every option shape comes back as {choices, allowOther}, values unchanged ("Khác" by allowOther).
    const byId = Object.fromEntries(body.sections[1].questions.map((q) => [q.id, q]));
    expect(byId[103].options).toEqual({
      choices: [
        { value: 'A', label: 'A' },
        { value: 'B', label: 'B' },
      ],
      allowOther: true,
    });
    expect(byId[104].options).toEqual({
      choices: [
        { value: 'a', label: 'Lựa chọn A' },
        { value: 'b', label: 'Lựa chọn B' },
      ],
      allowOther: false,
    });
    expect(byId[105].options).toEqual({
      choices: [
        { value: 'x', label: 'X' },
        { value: 'y', label: 'Y' },
      ],
      allowOther: true,
    });
    expect(byId[106].options).toEqual({ min: 1, max: 5, minLabel: 'Kém', maxLabel: 'Tốt' });
    expect(byId[102].required).toBe(0);
  });

  it('moves a question past the edge of its section into the next one', () => {
    const d = draftFromSurvey(makeSurvey());
    const moved = moveBlock(d, 'q204', 1);
    const { body } = toSurveyBody(moved);
    expect(body.sections[0].questions.map((q) => q.id)).toEqual([201, 202, 203]);
    expect(body.sections[1].questions.map((q) => [q.id, q.displayOrder]).slice(0, 2)).toEqual([
      [204, 1],
      [101, 2],
    ]);
  });

  it('the preset keeps the ids of columns with the same value; "Không có ý kiến" has no number', () => {
    const d = draftFromSurvey(makeSurvey());
    const grid = d.sections[0].blocks[0];
    if (grid.kind !== 'grid') throw new Error('expected a grid');
    const cols = presetColumns(
      AGREEMENT_COLUMNS,
      grid.columns.filter((c) => c.value !== '5'),
    );
    const { body } = toSurveyBody(updateGrid(d, grid.key, { columns: cols }));
    const sent = body.sections[0].questions[0].gridGroup!.columns;
    expect(sent.find((c) => c.value === '1')?.id).toBe(1);
    expect(sent.find((c) => c.value === '5')).not.toHaveProperty('id');
    expect(sent.find((c) => c.value === 'None')).toMatchObject({ label: 'Không có ý kiến', valueNumber: null });
  });

  it('values of new choices come from their labels, unique, never "other"', () => {
    expect(
      choiceValues([
        { key: 'a', value: '', label: 'Thảo luận nhóm' },
        { key: 'b', value: '', label: 'Thảo luận nhóm!' },
        { key: 'c', value: 'x', label: 'X' },
        { key: 'd', value: '', label: 'Other' },
        { key: 'e', value: '', label: '' },
      ]),
    ).toEqual(['thao_luan_nhom', 'thao_luan_nhom_2', 'x', 'other_2', '']);
  });

  it('schema messages land on the part they are about', () => {
    const d = draftFromSurvey(makeSurvey());
    const { body, map } = toSurveyBody(d);
    body.sections[1].questions[2].content = '<p> </p>';
    const r = ZSurveyInput.safeParse(body);
    expect(r.success).toBe(false);
    const placed = placeIssues(r.success ? [] : r.error.issues, map);
    expect(placed.parts.q103).toBe('Nội dung câu hỏi là bắt buộc.');
    expect(placed.list[0].where).toBe('Phần 2, câu 3');
  });

  it('the preview gives new parts temporary ids and rows of one new group one group', () => {
    const d = draftFromSurvey(makeSurvey({ id: 1 }));
    const s = draftToSurvey(d, { subject: null });
    expect(s.sections[0].questions.slice(0, 3).map((q) => q.gridGroup?.id)).toEqual([7, 7, 7]);
  });
});
