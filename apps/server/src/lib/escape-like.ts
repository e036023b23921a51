/** A user's text as a LIKE pattern that matches it literally (`\` is PostgreSQL's default escape). */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
