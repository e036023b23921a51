import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Executor } from '../db/client.js';
import { getAppSecret } from './app-secrets.js';

const SECRET_NAME = 'avatar-links';
const BUCKET_S = 12 * 3600;

/** When a link made now expires: 12 to 24 hours ahead, the same all through a 12-hour bucket so browsers can cache it. */
export function avatarLinkExpiry(nowMs = Date.now()): number {
  return (Math.floor(nowMs / 1000 / BUCKET_S) + 2) * BUCKET_S;
}

function sign(secret: Buffer, userId: number, version: string, exp: number): string {
  return createHmac('sha256', secret).update(`avatar.${userId}.${version}.${exp}`).digest('base64url');
}

/**
 * The URL an `<img>` loads an uploaded avatar from. An image tag sends no
 * bearer header, so the link carries its own proof: an HMAC over user, image
 * version and expiry with a key only the servers hold. It never contains the
 * session token, and it stops working when it expires.
 */
export async function buildAvatarUrl(db: Executor, userId: number, version: string, nowMs = Date.now()): Promise<string> {
  const exp = avatarLinkExpiry(nowMs);
  const sig = sign(await getAppSecret(db, SECRET_NAME), userId, version, exp);
  return `/api/user/avatar/${userId}/${version}/${exp}/${sig}`;
}

/** Whether a link is one the servers made and has not expired. */
export async function isAvatarLinkValid(
  db: Executor,
  link: { userId: number; version: string; exp: number; sig: string },
  nowMs = Date.now(),
): Promise<boolean> {
  if (link.exp * 1000 <= nowMs) return false;
  const expected = Buffer.from(sign(await getAppSecret(db, SECRET_NAME), link.userId, link.version, link.exp));
  const given = Buffer.from(link.sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
