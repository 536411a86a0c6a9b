import { describe, expect, it } from 'vitest';
import { createKeywordMatcher, highlightSpans, keywordWords, tokenize, uniqueKeywords, ZCodeInput } from './theme-codes';

describe('keyword matching', () => {
  it('folds words (marks, đ, case) and keeps their spans in the original text', () => {
    const text = 'Đề KHÓ, giảng dễ-hiểu!';
    const tokens = tokenize(text);
    expect(tokens.map((t) => t.word)).toEqual(['de', 'kho', 'giang', 'de', 'hieu']);
    expect(tokens.map((t) => text.slice(t.start, t.end))).toEqual(['Đề', 'KHÓ', 'giảng', 'dễ', 'hiểu']);
  });

  it('reads decomposed Vietnamese (marks typed separately) like composed', () => {
    const text = 'gia\u0309ng dê\u0303 hiê\u0309u';
    expect(tokenize(text).map((t) => t.word)).toEqual(['giang', 'de', 'hieu']);
    const [m] = createKeywordMatcher([{ id: 1, keywords: ['giảng dễ hiểu'] }]).match(text);
    expect(text.slice(m.start, m.end)).toBe(text);
  });

  it.each([
    ['Thầy nói nhanh quá', ['nói nhanh'], true],
    ['thay noi nhanh qua', ['nói nhanh'], true],
    ['NÓI   NHANH', ['noi nhanh'], true],
    ['nói, nhanh', ['nói nhanh'], true],
    ['nói nhanhh', ['nói nhanh'], false],
    ['phòng labo', ['lab'], false],
    ['phòng lab.', ['lab'], true],
    ['LMS lỗi suốt', ['lms loi'], true],
    ['lỗi LMS', ['LMS lỗi'], false],
    ['máy chiếu mờ', ['máy chiếu'], true],
    ['', ['máy chiếu'], false],
  ])('"%s" with %j → %s', (text, keywords, hit) => {
    expect(createKeywordMatcher([{ id: 7, keywords }]).firstPerCode(text).length > 0).toBe(hit);
  });

  it('answers each code once with its first keyword found, for many codes in one pass', () => {
    const m = createKeywordMatcher([
      { id: 1, keywords: ['không nộp được bài', 'LMS lỗi'] },
      { id: 2, keywords: ['bài tập nhiều'] },
      { id: 3, keywords: [] },
    ]);
    expect(m.firstPerCode('LMS lỗi, em không nộp được bài, bài tập nhiều')).toEqual([
      { codeId: 1, keyword: 'LMS lỗi', start: 0, end: 7 },
      expect.objectContaining({ codeId: 2, keyword: 'bài tập nhiều' }),
    ]);
    expect(m.match('LMS lỗi, LMS lỗi').filter((x) => x.codeId === 1)).toHaveLength(2);
  });

  it('highlights without overlaps, longest first', () => {
    const text = 'giảng dễ hiểu';
    expect(highlightSpans(text, ['dễ hiểu', 'giảng dễ hiểu', 'hiểu'])).toEqual([{ start: 0, end: text.length }]);
    expect(highlightSpans('a b a', ['a'])).toEqual([
      { start: 0, end: 1 },
      { start: 4, end: 5 },
    ]);
  });
});

describe('code input', () => {
  it('keeps one keyword per folded spelling, tidied, and refuses ones without letters', () => {
    expect(uniqueKeywords([' nói  nhanh', 'noi nhanh', 'NÓI NHANH!', 'dạy nhanh'])).toEqual(['nói nhanh', 'dạy nhanh']);
    expect(keywordWords('  !!  ')).toEqual([]);
    const r = ZCodeInput.safeParse({ name: 'Mã', keywords: ['...'] });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe('Từ khóa phải có chữ hoặc số.');
    expect(ZCodeInput.parse({ name: ' Mã ', description: '  ' })).toEqual({ name: 'Mã', description: null, keywords: [] });
  });
});
