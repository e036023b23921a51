import { http, type QueryParams } from '../request';

/** `filename*=UTF-8''…` of a Content-Disposition header, else `fallback`. */
export function readFileName(disposition: string | undefined, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed header: use the plain name or the fallback.
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/** Fetches a file through the one request client (token, campus header) and hands it to the browser. */
export async function downloadFile(url: string, params: QueryParams, fallbackName: string): Promise<string> {
  const response = await http.get<Blob>(url, { params, responseType: 'blob' });
  const name = readFileName(response.headers['content-disposition'] as string | undefined, fallbackName);
  const href = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once click() returns; a later revoke frees the memory.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return name;
}
