import { useState } from 'react';
import { readPreference, writePreference } from '../storage';

export type Density = 'default' | 'middle' | 'small';

export interface ListPrefs {
  hiddenColumns: string[];
  density: Density;
}

const DENSITIES: readonly Density[] = ['default', 'middle', 'small'];

function prefsKey(pageKey: string): string {
  return `sch-list-${pageKey}`;
}

function isDensity(value: unknown): value is Density {
  return typeof value === 'string' && (DENSITIES as readonly string[]).includes(value);
}

/** A page's column choice and density; anything unreadable falls back to the defaults. */
export function readListPrefs(pageKey: string, defaults: ListPrefs): ListPrefs {
  const raw = readPreference(prefsKey(pageKey));
  if (!raw) return defaults;
  try {
    const parsed = JSON.parse(raw) as Partial<Record<keyof ListPrefs, unknown>>;
    const hidden = Array.isArray(parsed.hiddenColumns) ? parsed.hiddenColumns.filter((c): c is string => typeof c === 'string') : null;
    return { hiddenColumns: hidden ?? defaults.hiddenColumns, density: isDensity(parsed.density) ? parsed.density : defaults.density };
  } catch {
    return defaults;
  }
}

export function writeListPrefs(pageKey: string, prefs: ListPrefs): void {
  writePreference(prefsKey(pageKey), JSON.stringify(prefs));
}

/** Column choice and density, remembered per page in localStorage (a preference: no expiry). */
export function useListPrefs(pageKey: string, defaultHidden: readonly string[]) {
  const [prefs, setPrefs] = useState<ListPrefs>(() => readListPrefs(pageKey, { hiddenColumns: [...defaultHidden], density: 'default' }));
  const update = (next: ListPrefs) => {
    writeListPrefs(pageKey, next);
    setPrefs(next);
  };
  return {
    prefs,
    setDensity: (density: Density) => update({ ...prefs, density }),
    toggleColumn: (key: string, isVisible: boolean) =>
      update({
        ...prefs,
        hiddenColumns: isVisible ? prefs.hiddenColumns.filter((k) => k !== key) : [...new Set([...prefs.hiddenColumns, key])],
      }),
  };
}
