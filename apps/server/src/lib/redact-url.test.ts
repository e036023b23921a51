import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { redactUrl, serializeLoggedRequest } from './redact.js';

describe('redactUrl', () => {
  it('blanks the secret of a calendar feed URL and leaves other URLs alone', () => {
    expect(redactUrl('/api/calendar/So9YWwhlT7cA8EzHzhEFn9l69XDW7Ka92UzizqpR-A0.ics')).toBe('/api/calendar/******.ics');
    expect(redactUrl('/api/calendar/abc.ics?x=1')).toBe('/api/calendar/******.ics?x=1');
    expect(redactUrl('/api/educate/students?page=1')).toBe('/api/educate/students?page=1');
  });

  it('is what the app logger serializer writes (app.ts uses serializeLoggedRequest)', async () => {
    let out = '';
    const stream = new Writable({ write: (chunk: Buffer, _e, cb) => ((out += chunk.toString()), cb()) });
    const app = Fastify({
      logger: { level: 'info', stream, serializers: { req: serializeLoggedRequest } },
    });
    app.get('/api/calendar/:file', () => 'x');
    await app.inject({ method: 'GET', url: '/api/calendar/SECRETSECRET.ics' });
    await app.close();
    expect(out).toContain('/api/calendar/******.ics');
    expect(out).not.toContain('SECRETSECRET');
  });
});
