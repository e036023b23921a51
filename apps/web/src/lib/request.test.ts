import { StorageKey } from '@campus/contract';
import { AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocaleStore } from './i18n';
import { buildBody, buildHeaders, buildQuery, describeHttpStatus, http, isSuccessCode, request, waitForRequestsToSettle } from './request';
import { useSessionStore } from './session';
import { setStored } from './storage';

vi.mock('./feedback', () => ({
  notifyError: vi.fn(),
  openConfirm: vi.fn(),
  showSuccess: vi.fn(),
  showInfo: vi.fn(),
  showMessageError: vi.fn(),
}));

const feedback = await import('./feedback');

describe('buildQuery', () => {
  it('drops null and undefined parameters and keeps falsy values', () => {
    expect(buildQuery({ a: 1, b: null, c: undefined, d: '', e: 0, f: false })).toBe('a=1&d=&e=0&f=false');
  });

  it('repeats arrays and encodes text', () => {
    expect(buildQuery({ ids: [1, 2], q: 'a b&c' })).toBe('ids=1&ids=2&q=a%20b%26c');
  });

  it('is empty without parameters', () => {
    expect(buildQuery(undefined)).toBe('');
    expect(buildQuery({ only: null })).toBe('');
  });
});

describe('buildBody', () => {
  it('form-encodes plain objects the qs way', () => {
    expect(buildBody({ username: 'li', password: 'a+b=', ids: [1, 2], nested: { x: 1 } })).toBe(
      'username=li&password=a%2Bb%3D&ids%5B0%5D=1&ids%5B1%5D=2&nested%5Bx%5D=1',
    );
  });

  it('passes FormData, text and undefined through', () => {
    const form = new FormData();
    expect(buildBody(form)).toBe(form);
    expect(buildBody('raw')).toBe('raw');
    expect(buildBody(undefined)).toBeUndefined();
    const dated = new Date(0);
    expect(buildBody(dated)).toBe(dated);
  });
});

describe('buildHeaders', () => {
  it('always sends campus, no-cache and language', () => {
    expect(buildHeaders(null, 0, 'zh-CN')).toEqual({
      'X-Access-Camid': '0',
      'Cache-Control': 'no-cache',
      Pragma: 'no-cache',
      'Accept-Language': 'zh-CN',
    });
  });

  it('adds Authorization only for a real token', () => {
    expect(buildHeaders('tok', 3, 'en-US').Authorization).toBe('Bearer tok');
    expect(buildHeaders('   ', 3, 'en-US')).not.toHaveProperty('Authorization');
    expect(buildHeaders('', 3, 'en-US')).not.toHaveProperty('Authorization');
  });
});

describe('status texts and success codes', () => {
  it('treats 0 and 200 as success only', () => {
    expect([0, 200, 20000, 401].map(isSuccessCode)).toEqual([true, true, false, false]);
  });

  it('speaks both languages and names the URL on 404', () => {
    useLocaleStore.setState({ locale: 'en-US' });
    expect(describeHttpStatus(404, '/api/x')).toBe('Wrong request address: /api/x');
    expect(describeHttpStatus(418)).toBe('Something went wrong with the request, contact the administrator');
    useLocaleStore.setState({ locale: 'zh-CN' });
    expect(describeHttpStatus(409)).toBe('系统已存在相同数据');
    expect(describeHttpStatus(504)).toBe('服务暂时无法访问，请稍后再试');
  });
});

describe('the request client', () => {
  let seen: InternalAxiosRequestConfig[] = [];
  let reply: { status: number; data: unknown } = { status: 200, data: { code: 0, msg: 'ok', data: null } };

  beforeEach(() => {
    seen = [];
    reply = { status: 200, data: { code: 0, msg: 'ok', data: null } };
    const adapter: AxiosAdapter = (config) => {
      seen.push(config);
      const response = { data: reply.data, status: reply.status, statusText: '', headers: {}, config };
      return reply.status >= 400
        ? Promise.reject(Object.assign(new Error('http'), { isAxiosError: true, response, config }))
        : Promise.resolve(response);
    };
    http.defaults.adapter = adapter;
    useLocaleStore.setState({ locale: 'en-US' });
  });

  afterEach(() => {
    useSessionStore.getState().clearSession();
    vi.clearAllMocks();
  });

  const headersOf = (i = 0) => AxiosHeaders.from(seen[i]?.headers);

  it('tells when the requests in flight have all settled, answered or failed', async () => {
    await expect(waitForRequestsToSettle(50)).resolves.toBeUndefined();
    const answers: (() => void)[] = [];
    http.defaults.adapter = (config) =>
      new Promise((resolve, reject) => {
        const response = { data: { code: 0, msg: 'ok', data: null }, status: 200, statusText: '', headers: {}, config };
        answers.push(
          config.url === '/fails' ? () => reject(Object.assign(new Error('net'), { isAxiosError: true, config })) : () => resolve(response),
        );
      });
    const first = request.get('/one', undefined, { errorHandling: 'silent' });
    const second = request.get('/fails', undefined, { errorHandling: 'silent' }).catch(() => 'failed');
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    let isSettled = false;
    const settled = waitForRequestsToSettle(5_000).then(() => {
      isSettled = true;
    });
    answers[0]?.();
    await first;
    await Promise.resolve();
    expect(isSettled).toBe(false);
    answers[1]?.();
    expect(await second).toBe('failed');
    await settled;
    expect(isSettled).toBe(true);
  });

  it('stops waiting for a request that does not settle after the given time', async () => {
    let answer: (() => void) | undefined;
    http.defaults.adapter = (config) =>
      new Promise((resolve) => {
        answer = () => resolve({ data: { code: 0, msg: 'ok', data: null }, status: 200, statusText: '', headers: {}, config });
      });
    const slow = request.get('/slow', undefined, { errorHandling: 'silent' });
    await vi.waitFor(() => expect(answer).toBeDefined());
    const started = Date.now();
    await waitForRequestsToSettle(30);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    answer?.();
    await slow;
  });

  it('sends the base path, timeout and standard headers without a session', async () => {
    await request.get('/health', { a: null, b: 2 });
    const config = seen[0];
    expect(config?.baseURL).toBe('/api');
    expect(config?.timeout).toBe(10_000);
    expect(http.getUri(config)).toBe('/api/health?b=2');
    expect(headersOf().get('X-Access-Camid')).toBe('0');
    expect(headersOf().get('Cache-Control')).toBe('no-cache');
    expect(headersOf().get('Accept-Language')).toBe('en-US');
    expect(headersOf().has('Authorization')).toBe(false);
  });

  it('sends the token and the current campus once signed in', async () => {
    setStored(StorageKey.token, 'secret');
    useSessionStore.setState({ campus: { cam_id: 7, name: 'North', code: 'N' } });
    await request.post('/x', { name: 'Li', skip: undefined });
    expect(headersOf().get('Authorization')).toBe('Bearer secret');
    expect(headersOf().get('X-Access-Camid')).toBe('7');
    expect(String(headersOf().get('Content-Type'))).toContain('application/x-www-form-urlencoded');
    expect(seen[0]?.data).toBe('name=Li');
  });

  it('sends a body with DELETE', async () => {
    await request.delete('/educate/students', { ids: [1, 2] });
    expect(seen[0]?.method).toBe('delete');
    expect(seen[0]?.data).toBe('ids%5B0%5D=1&ids%5B1%5D=2');
  });

  it('rejects a non-success code with the server msg and notifies', async () => {
    reply = { status: 200, data: { code: 409, msg: 'Student no.: "S1" already exists', data: null } };
    await expect(request.post('/x', {})).rejects.toMatchObject({ code: 409, message: 'Student no.: "S1" already exists' });
    expect(feedback.notifyError).toHaveBeenCalledWith('Student no.: "S1" already exists', 'Request failed');
  });

  it.each([50008, 50012, 50014])('shows the re-login modal once for %i', async (code) => {
    reply = { status: 401, data: { code, msg: 'ended', data: null } };
    await expect(request.get('/user/currentUser')).rejects.toMatchObject({ code });
    expect(feedback.openConfirm).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Confirm logout',
        content: 'You have been logged out, you can cancel to stay on this page, or log in again',
        okText: 'Re-Login',
      }),
    );
    const options = vi.mocked(feedback.openConfirm).mock.calls[0]?.[0];
    options?.onCancel?.();
  });

  it('uses the HTTP text when the body is not an envelope', async () => {
    reply = { status: 502, data: '<html>' };
    await expect(request.get('/x')).rejects.toMatchObject({ status: 502, message: 'Bad gateway' });
    expect(feedback.notifyError).toHaveBeenCalledWith('Bad gateway', 'Request failed');
  });

  it('keeps quiet when the caller handles errors', async () => {
    reply = { status: 400, data: { code: 400, msg: 'bad', data: null } };
    await expect(request.get('/x', undefined, { errorHandling: 'local' })).rejects.toMatchObject({ code: 400 });
    await expect(request.get('/x', undefined, { errorHandling: 'silent' })).rejects.toMatchObject({ code: 400 });
    expect(feedback.notifyError).not.toHaveBeenCalled();
  });

  it('still reports an ended session to a local handler, never to a silent one', async () => {
    reply = { status: 401, data: { code: 50014, msg: 'expired', data: null } };
    await expect(request.get('/x', undefined, { errorHandling: 'silent' })).rejects.toMatchObject({ code: 50014 });
    expect(feedback.openConfirm).not.toHaveBeenCalled();
    await expect(request.get('/x', undefined, { errorHandling: 'local' })).rejects.toMatchObject({ code: 50014 });
    expect(feedback.openConfirm).toHaveBeenCalledOnce();
    vi.mocked(feedback.openConfirm).mock.calls[0]?.[0].onCancel?.();
  });
});
