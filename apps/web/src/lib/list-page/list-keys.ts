/** The query key of a list page's rows (every query of the page starts with it). */
export function listQueryKey(pageKey: string): readonly unknown[] {
  return ['list', pageKey];
}
