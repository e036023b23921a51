import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './user-agent.js';

describe('describeUserAgent', () => {
  it('names browser, major version, system and device class', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.127 Safari/537.36',
      ),
    ).toEqual({ device: 'desktop', browser: 'Chrome 126', os: 'Windows 10' });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ device: 'mobile', browser: 'Safari 17', os: 'iOS 17.5' });
    expect(describeUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:128.0) Gecko/20100101 Firefox/128.0')).toMatchObject({
      device: 'desktop',
      browser: 'Firefox 128',
    });
  });

  it('tells Edge and WeChat from the Chrome they are built on', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      ).browser,
    ).toBe('Microsoft Edge 126');
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 MicroMessenger/8.0.49',
      ),
    ).toEqual({ device: 'mobile', browser: 'WeChat 8', os: 'Android 14' });
  });

  it('answers blanks for empty, unknown, absurdly long or hostile strings', () => {
    const blank = { device: '', browser: '', os: '' };
    expect(describeUserAgent('')).toEqual(blank);
    expect(describeUserAgent(null)).toEqual(blank);
    expect(describeUserAgent('x'.repeat(5000))).toEqual(blank);
    expect(describeUserAgent('matrix')).toEqual(blank);
    const odd = describeUserAgent('<script>alert(1)</script> () ;;; \u0000');
    expect(typeof odd.browser).toBe('string');
  });
});
