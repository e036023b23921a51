import Bowser from 'bowser';

export interface DeviceInfo {
  /** desktop | mobile | tablet | tv | bot | '' when the string says nothing. */
  device: string;
  /** e.g. "Chrome 126" (major version only). */
  browser: string;
  /** e.g. "Windows 10", "iOS 17.5". */
  os: string;
}

const EMPTY: DeviceInfo = { device: '', browser: '', os: '' };
/** Strings longer than this are not user agents anyone sends; the parser is not asked. */
const MAX_LENGTH = 512;

const major = (version: string | undefined) => (version ? version.split('.')[0] : '');
const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ');

/**
 * What a User-Agent header says about the device, for people to recognise
 * their sessions ("Chrome 126 on Windows 10"). Never trusted for anything else:
 * the header is whatever the client chose to send.
 */
export function describeUserAgent(userAgent: string | null | undefined): DeviceInfo {
  if (!userAgent || userAgent.length > MAX_LENGTH) return EMPTY;
  try {
    const parser = Bowser.getParser(userAgent);
    const browser = parser.getBrowser();
    const os = parser.getOS();
    const platform = parser.getPlatform();
    return {
      device: platform.type ?? '',
      browser: join(browser.name, major(browser.version)),
      // Windows reports its NT version; its marketing name is what people know.
      os: join(os.name, os.versionName ?? os.version),
    };
  } catch {
    return EMPTY;
  }
}
