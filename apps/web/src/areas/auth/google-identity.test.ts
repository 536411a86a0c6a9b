import { describe, expect, it } from 'vitest';
import { readGooglePicture } from './google-identity';

function jwt(payload: object): string {
  const b64url = (s: string) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(s)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return `${b64url('{"alg":"RS256"}')}.${b64url(JSON.stringify(payload))}.sig`;
}

describe('readGooglePicture', () => {
  it('reads the picture claim (names with Vietnamese letters decode too)', () => {
    const token = jwt({ name: 'Nguyễn Thị Hồng', picture: 'https://lh3.googleusercontent.com/a/xyz' });
    expect(readGooglePicture(token)).toBe('https://lh3.googleusercontent.com/a/xyz');
  });
  it('returns null without a picture, for non-https pictures and for garbage', () => {
    expect(readGooglePicture(jwt({ sub: '1' }))).toBeNull();
    expect(readGooglePicture(jwt({ picture: 'javascript:alert(1)' }))).toBeNull();
    expect(readGooglePicture('not-a-jwt')).toBeNull();
    expect(readGooglePicture('a.!!!.c')).toBeNull();
  });
});
