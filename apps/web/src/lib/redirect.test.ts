import { describe, expect, it } from 'vitest';
import { buildLoginPath, resolveLoginRedirect, sanitizeRedirectPath } from './redirect';

const names: Record<string, string> = { Student: '/educate/student', Workplace: '/dashboard/workplace', login: '/login' };
const findPathByName = (name: string) => names[name] ?? null;

function resolve(query: string): string {
  return resolveLoginRedirect(new URLSearchParams(query), findPathByName);
}

describe('sanitizeRedirectPath', () => {
  it.each(['/educate/student', '/educate/course/12/edit?tab=2', '/report/summary#top', '/system/role/3/user'])(
    'keeps the app path %s',
    (path) => {
      expect(sanitizeRedirectPath(path)).toBe(path);
    },
  );

  it.each([
    '//evil.com',
    '///evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    '/%2Fevil.com',
    '%2F%2Fevil.com',
    '/%5Cevil.com',
    '%252F%252Fevil.com',
    'https://evil.com',
    'http:/evil.com',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    '%6Aavascript:alert(1)',
    ' //evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    'evil.com',
    '/login',
    '/login?redirect=//evil.com',
    '',
    '%E0%A4%A',
  ])('rejects %j', (raw) => {
    expect(sanitizeRedirectPath(raw)).toBeNull();
  });

  it('rejects non-strings', () => {
    expect(sanitizeRedirectPath(null)).toBeNull();
    expect(sanitizeRedirectPath(['/a'])).toBeNull();
  });
});

describe('resolveLoginRedirect', () => {
  it('goes to Workplace without a redirect', () => {
    expect(resolve('')).toBe('/dashboard/workplace');
  });

  it('resolves a route name and carries its query', () => {
    expect(resolve('redirect=Student&keyword=li&page=2')).toBe('/educate/student?keyword=li&page=2');
  });

  it('accepts a path of this app', () => {
    expect(resolve(`redirect=${encodeURIComponent('/educate/course/7/schedule?week=3')}`)).toBe('/educate/course/7/schedule?week=3');
  });

  it.each(['//evil.com', '/\\evil.com', '%2F%2Fevil.com', 'javascript:alert(document.cookie)', 'https://evil.com/x', 'login'])(
    'lands on Workplace for %j',
    (redirect) => {
      expect(resolve(`redirect=${encodeURIComponent(redirect)}`)).toBe('/dashboard/workplace');
    },
  );

  it('round-trips through buildLoginPath', () => {
    const loginPath = buildLoginPath('Student', { keyword: 'a&b' });
    const search = new URL(loginPath, 'https://x.invalid').searchParams;
    expect(resolveLoginRedirect(search, findPathByName)).toBe('/educate/student?keyword=a%26b');
  });
});
