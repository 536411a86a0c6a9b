import { describe, expect, it } from 'vitest';
import { highlightParts, reasonLabel, ZBulkReviewInput, ZReviewDecisionInput } from './text-reviews';

describe('highlightParts', () => {
  it('cuts the text into plain and flagged parts, merging overlaps and clipping spans outside the text', () => {
    const text = 'Thầy như cc, số 0912345678';
    const parts = highlightParts(text, [
      { code: 'phone', start: 16, end: 99 },
      { code: 'profanity', start: 9, end: 11 },
      { code: 'insult', start: 5, end: 11 },
    ]);
    expect(parts).toEqual([
      { text: 'Thầy ', codes: [] },
      { text: 'như cc', codes: ['insult', 'profanity'] },
      { text: ', số ', codes: [] },
      { text: '0912345678', codes: ['phone'] },
    ]);
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(highlightParts('', [])).toEqual([{ text: '', codes: [] }]);
    expect(highlightParts('abc', [{ code: 'spam', start: 2, end: 1 }])).toEqual([{ text: 'abc', codes: [] }]);
  });

  it('labels known codes in Vietnamese and keeps unknown ones as they are', () => {
    expect(reasonLabel('threat')).toBe('Đe dọa');
    expect(reasonLabel('custom')).toBe('custom');
  });
});

describe('decision inputs', () => {
  it('a reject needs a reason; an approval does not', () => {
    expect(ZReviewDecisionInput.safeParse({ status: 'rejected', reason: ' ' }).error?.issues[0].message).toBe(
      'Vui lòng nhập lý do từ chối.',
    );
    expect(ZReviewDecisionInput.safeParse({ status: 'approved' }).success).toBe(true);
    expect(ZBulkReviewInput.safeParse({ ids: [], status: 'approved' }).error?.issues[0].message).toBe('Chọn ít nhất một ý kiến.');
  });
});
