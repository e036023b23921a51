/**
 * qs-style `application/x-www-form-urlencoded` text, the shape the server's qs
 * parser reads (docs/api-conventions.md, "Bodies"). Written here rather than importing qs:
 * qs brings side-channel and get-intrinsic, ~20 KiB gzip on the login page
 * for a loop (issue 9's load budget).
 */
export type ArrayFormat = 'indices' | 'repeat';

export interface FormEncodingOptions {
  /** `indices` (`ids[0]=1&ids[1]=2`, qs's default) or `repeat` (`ids=1&ids=2`). */
  arrayFormat?: ArrayFormat;
  /** Leave out null entries instead of sending them empty (`a=`). */
  skipNulls?: boolean;
}

// RFC 3986 unreserved characters stay, as in qs; encodeURIComponent also keeps !'()*.
function encodePart(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function encodeForm(value: Record<string, unknown>, options: FormEncodingOptions = {}): string {
  const { arrayFormat = 'indices', skipNulls = false } = options;
  const parts: string[] = [];
  const add = (key: string, item: unknown): void => {
    if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean' || typeof item === 'bigint') {
      parts.push(`${encodePart(key)}=${encodePart(String(item))}`);
    } else if (item === null) {
      if (!skipNulls) parts.push(`${encodePart(key)}=`);
    } else if (item instanceof Date) {
      parts.push(`${encodePart(key)}=${encodePart(item.toISOString())}`);
    } else if (Array.isArray(item)) {
      item.forEach((entry: unknown, index) => add(arrayFormat === 'repeat' ? key : `${key}[${index}]`, entry));
    } else if (typeof item === 'object') {
      for (const [name, entry] of Object.entries(item)) add(`${key}[${name}]`, entry);
    }
    // undefined, functions and symbols are left out, as qs does.
  };
  for (const [name, entry] of Object.entries(value)) add(name, entry);
  return parts.join('&');
}
