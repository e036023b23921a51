import { STORAGE_TTL_S } from '@campus/contract';

/** The spec's stored value wrapper: the value plus the moment it stops counting. */
interface StoredValue<T> {
  data: T;
  expire: number;
}

function isStoredValue(value: unknown): value is StoredValue<unknown> {
  return typeof value === 'object' && value !== null && 'data' in value && typeof (value as { expire?: unknown }).expire === 'number';
}

/** Stores `value` for `ttlSeconds` (3 days unless given). */
export function setStored<T>(key: string, value: T, ttlSeconds: number = STORAGE_TTL_S, now: number = Date.now()): void {
  const wrapped: StoredValue<T> = { data: value, expire: now + ttlSeconds * 1000 };
  try {
    localStorage.setItem(key, JSON.stringify(wrapped));
  } catch {
    // Private mode or a full quota: the session still works for this page.
  }
}

/** The stored value, or null when absent, expired or not written by setStored. */
export function getStored<T>(key: string, now: number = Date.now()): T | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    removeStored(key);
    return null;
  }
  if (!isStoredValue(parsed) || parsed.data === null || parsed.data === undefined || parsed.expire <= now) {
    removeStored(key);
    return null;
  }
  return parsed.data as T;
}

export function removeStored(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing to clean when storage is unavailable.
  }
}

/** Plain preferences (locale, theme) that must not expire like the session does. */
export function readPreference(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writePreference(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Preference is kept for this page only.
  }
}
