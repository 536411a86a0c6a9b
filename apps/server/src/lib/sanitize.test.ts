import { describe, expect, it } from 'vitest';
import { isSafeImageUrl, sanitizeRich } from './sanitize';

describe('rich text keeps only images served by our own server', () => {
  it('keeps an image of our uploads, with its alt and size', () => {
    expect(sanitizeRich('<p>Ảnh</p><img src="/uploads/0a1b2c.png" alt="Sơ đồ" width="200" onerror="x()">')).toBe(
      '<p>Ảnh</p><img src="/uploads/0a1b2c.png" alt="Sơ đồ" width="200" />',
    );
  });

  it.each([
    ['an https address (a tracking pixel)', 'https://tracker.example/p.gif?u=1'],
    ['an http address', 'http://example.org/a.png'],
    ['a protocol-relative address', '//tracker.example/p.gif'],
    ['a data: URL', 'data:image/png;base64,iVBORw0KGgo='],
    ['an absolute URL naming a host, even with our path', 'https://truong.example/uploads/0a1b2c.png'],
    ['another path of ours', '/api/v1/surveys/1'],
    ['a path that climbs out of uploads', '/uploads/../secret.png'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['no src at all', ''],
  ])('drops an image from %s', (_what, src) => {
    expect(sanitizeRich(`<p>Trước</p><img src="${src}" alt="x"><p>Sau</p>`)).toBe('<p>Trước</p><p>Sau</p>');
  });

  it('loads nothing from elsewhere through srcset, style or other tags', () => {
    const html =
      '<img src="/uploads/a.png" srcset="https://tracker.example/p.gif 2x"><p style="background:url(https://tracker.example/p.gif)">Chữ</p><picture><source srcset="https://tracker.example/p.gif"></picture><svg><image href="https://tracker.example/p.gif"/></svg>';
    const out = sanitizeRich(html);
    expect(out).not.toContain('tracker.example');
    expect(out).toContain('<img src="/uploads/a.png" />');
  });

  it('keeps links to other sites (a link loads nothing until someone follows it)', () => {
    expect(sanitizeRich('<a href="https://moet.gov.vn" target="x">Bộ</a>')).toBe(
      '<a href="https://moet.gov.vn" target="_blank" rel="noopener noreferrer">Bộ</a>',
    );
  });

  it('takes a cover image only from our uploads', () => {
    expect(isSafeImageUrl('/uploads/0a1b2c.webp')).toBe(true);
    for (const url of [
      'https://example.org/a.png',
      'data:image/png;base64,AA==',
      '/uploads/../a.png',
      '/uploads/a b.png',
      'http://x/uploads/a.png',
    ])
      expect(isSafeImageUrl(url), url).toBe(false);
  });
});
