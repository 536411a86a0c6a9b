import { describe, expect, it } from 'vitest';
import { foldVietnamese, vietnameseNameSortKey } from './vietnamese';

describe('foldVietnamese', () => {
  it('drops accents and đ, lowercases and trims', () => {
    expect(foldVietnamese('  Nguyễn  Đức Thắng ')).toBe('nguyen duc thang');
    expect(foldVietnamese('Trường THPT Chuyên')).toBe('truong thpt chuyen');
  });
});

describe('vietnameseNameSortKey', () => {
  const sort = (names: string[]) => [...names].sort((a, b) => (vietnameseNameSortKey(a) < vietnameseNameSortKey(b) ? -1 : 1));
  it('sorts by given name first', () => {
    expect(sort(['Trần Văn Bình', 'Lê Thị An', 'Nguyễn Minh Châu'])).toEqual(['Lê Thị An', 'Trần Văn Bình', 'Nguyễn Minh Châu']);
  });
  it('puts d before đ and a before ă before â', () => {
    expect(sort(['Lê Đạt', 'Lê Dũng'])).toEqual(['Lê Dũng', 'Lê Đạt']);
    expect(sort(['X Ân', 'X Ăn', 'X An'])).toEqual(['X An', 'X Ăn', 'X Ân']);
  });
  it('uses tones only to break ties, in dictionary order', () => {
    expect(sort(['A Mạ', 'A Má', 'A Mã', 'A Mả', 'A Mà', 'A Ma'])).toEqual(['A Ma', 'A Mà', 'A Mả', 'A Mã', 'A Má', 'A Mạ']);
    expect(sort(['A Hà', 'A Hai'])).toEqual(['A Hà', 'A Hai']);
  });
  it('then by family and middle names', () => {
    expect(sort(['Trần Minh An', 'Lê Văn An'])).toEqual(['Lê Văn An', 'Trần Minh An']);
  });
});
