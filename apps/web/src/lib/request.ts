import { API_BASE, RELOGIN_CODES, REQUEST_TIMEOUT_MS, ResultCode } from '@campus/contract';
import axios, { AxiosHeaders, type AxiosRequestConfig, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { notifyError, openConfirm } from './feedback';
import { encodeForm } from './form-encoding';
import { getLocale, translate } from './i18n';
import { navigateTo } from './navigation';
import { buildLoginPath } from './redirect';
import { getCurrentCamId, getToken, useSessionStore } from './session';

/**
 * Who tells the user about a failure: `global` (default) the request client;
 * `local` the caller, except that an ended session is still handled here (it
 * concerns the whole app); `silent` the caller alone (login form, guards).
 */
export type ErrorHandling = 'global' | 'local' | 'silent';

declare module 'axios' {
  interface AxiosRequestConfig {
    errorHandling?: ErrorHandling;
  }
}

export interface ApiResult<T> {
  code: number;
  msg: string;
  data: T;
  extra?: unknown;
}

export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  readonly data: unknown;

  constructor(code: number, message: string, status: number, data?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.data = data;
  }
}

export const CAMPUS_HEADER_NAME = 'X-Access-Camid';
const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded;charset=UTF-8';

export type QueryParams = Record<string, unknown>;

/** Query string of `params` without null or undefined entries. */
export function buildQuery(params: QueryParams | undefined | null): string {
  if (!params) return '';
  const kept = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== null && v !== undefined));
  return encodeForm(kept, { arrayFormat: 'repeat', skipNulls: true });
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (Object.prototype.toString.call(value) !== '[object Object]') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Plain objects travel form-encoded (qs style); FormData, Blob and text pass through untouched. */
export function buildBody(data: unknown): unknown {
  return isPlainObject(data) ? encodeForm(data) : data;
}

export function isSuccessCode(code: number): boolean {
  return code === ResultCode.ok || code === 200;
}

function isEnvelope(value: unknown): value is ApiResult<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';
}

const KNOWN_STATUSES = [302, 400, 401, 403, 404, 408, 409, 500, 501, 502, 503, 504, 505];

/** The spec's HTTP-level texts (section 8), in the current language. */
export function describeHttpStatus(status: number, url = ''): string {
  return KNOWN_STATUSES.includes(status) ? translate(`request.http.${status}`, { url }) : translate('request.http.default');
}

/** Headers every request carries (spec section 7). */
export function buildHeaders(token: string | null, camId: number, locale: string): Record<string, string> {
  const headers: Record<string, string> = {
    [CAMPUS_HEADER_NAME]: String(camId),
    'Cache-Control': 'no-cache',
    Pragma: 'no-cache',
    'Accept-Language': locale,
  };
  if (token && token.trim() !== '') headers.Authorization = `Bearer ${token}`;
  return headers;
}

let isReloginOpen = false;

function showRelogin(): void {
  if (isReloginOpen) return;
  isReloginOpen = true;
  openConfirm({
    title: translate('request.relogin.title'),
    content: translate('request.relogin.content'),
    okText: translate('request.relogin.ok'),
    cancelText: translate('common.cancel'),
    onOk: () => {
      useSessionStore.getState().clearSession();
      window.location.reload();
    },
    onCancel: () => {
      isReloginOpen = false;
    },
  });
}

function goToLogin(): void {
  const { pathname, search } = window.location;
  if (pathname === '/login') return;
  useSessionStore.getState().clearSession();
  navigateTo(buildLoginPath(pathname + search));
}

function handleFailure(code: number, msg: string, config: AxiosRequestConfig | undefined): void {
  const mode = config?.errorHandling ?? 'global';
  if (mode === 'silent') return;
  const isSessionCode = RELOGIN_CODES.includes(code) || code === ResultCode.noToken;
  if (mode === 'local' && !isSessionCode) return;
  if (RELOGIN_CODES.includes(code)) {
    showRelogin();
    return;
  }
  if (code === ResultCode.noToken) {
    notifyError(msg || translate('request.http.401'), translate('request.loginFailed'));
    goToLogin();
    return;
  }
  notifyError(msg || translate('request.http.default'), translate('request.errorTitle'));
}

function isTimeout(code: string | undefined): boolean {
  return code === 'ECONNABORTED' || code === 'ETIMEDOUT';
}

let inFlight = 0;
let settleWaiters: (() => void)[] = [];

function settleOne(): void {
  inFlight = Math.max(0, inFlight - 1);
  if (inFlight > 0) return;
  const waiters = settleWaiters;
  settleWaiters = [];
  for (const wake of waiters) wake();
}

/**
 * Resolves once no request of this client is in flight, or after `timeoutMs`.
 * Sign-out waits on it: a page's requests sent just before would otherwise
 * reach the server after the session ended and come back 401.
 */
export function waitForRequestsToSettle(timeoutMs: number): Promise<void> {
  if (inFlight === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    settleWaiters.push(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export const http = axios.create({
  baseURL: API_BASE,
  timeout: REQUEST_TIMEOUT_MS,
  headers: { 'Content-Type': FORM_CONTENT_TYPE },
  paramsSerializer: { serialize: (params) => buildQuery(params as QueryParams) },
});

http.interceptors.request.use((config: InternalAxiosRequestConfig) => {
  const headers = AxiosHeaders.from(config.headers);
  const token = getToken();
  for (const [name, value] of Object.entries(buildHeaders(token, getCurrentCamId(), getLocale()))) headers.set(name, value);
  // A caller-supplied header must not outlive the session either.
  if (!token) headers.delete('Authorization');
  if (config.data instanceof FormData) headers.delete('Content-Type');
  config.data = buildBody(config.data);
  config.headers = headers;
  // Every request that gets here leaves through one of the response handlers below.
  inFlight += 1;
  return config;
});

http.interceptors.response.use(
  (response: AxiosResponse) => {
    settleOne();
    const body: unknown = response.data;
    if (!isEnvelope(body) || isSuccessCode(body.code)) return response;
    handleFailure(body.code, body.msg, response.config);
    return Promise.reject(new ApiError(body.code, body.msg, response.status, body.data));
  },
  (error: unknown) => {
    settleOne();
    if (axios.isCancel(error) || !axios.isAxiosError(error))
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    const response = error.response;
    const config = error.config;
    if (response && isEnvelope(response.data)) {
      const body = response.data;
      handleFailure(body.code, body.msg, config);
      return Promise.reject(new ApiError(body.code, body.msg || describeHttpStatus(response.status), response.status, body.data));
    }
    const status = response?.status ?? (isTimeout(error.code) ? 408 : 0);
    const text = status ? describeHttpStatus(status, config?.url ?? '') : translate('request.network');
    const mode = config?.errorHandling ?? 'global';
    if (mode === 'global') notifyError(text, translate('request.errorTitle'));
    if (mode !== 'silent' && status === 401) goToLogin();
    return Promise.reject(new ApiError(status || -1, text, status));
  },
);

async function unwrap<T>(promise: Promise<AxiosResponse<ApiResult<T>>>): Promise<ApiResult<T>> {
  const response = await promise;
  return response.data;
}

/** The one request client; answers are the server's envelope. */
export const request = {
  get<T>(url: string, params?: QueryParams, config?: AxiosRequestConfig): Promise<ApiResult<T>> {
    return unwrap(http.get<ApiResult<T>>(url, { ...config, params }));
  },
  post<T>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<ApiResult<T>> {
    return unwrap(http.post<ApiResult<T>>(url, data, config));
  },
  put<T>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<ApiResult<T>> {
    return unwrap(http.put<ApiResult<T>>(url, data, config));
  },
  /** DELETE with an optional body (bulk deletes send `ids`). */
  delete<T>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<ApiResult<T>> {
    return unwrap(http.delete<ApiResult<T>>(url, { ...config, data }));
  },
};
