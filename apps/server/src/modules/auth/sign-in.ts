import type { FastifyRequest } from 'fastify';
import { formatMessage } from '@campus/contract';
import { getCurrentUser } from '../../lib/current-user.js';
import { createSession, resolvePrincipal } from '../../plugins/auth.js';
import { completeSignIn, listUserCampuses, type LoginAttempt } from './service.js';

/** The attempt as the login log records it, from what the request carries. */
export function describeAttempt(request: FastifyRequest, typed: string, encryptedPassword = ''): LoginAttempt {
  return { typed, encryptedPassword, ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
}

/**
 * Every factor was given: the failure count starts again, the sign-in is
 * logged, a session starts, and the answer is the spec's login answer (token,
 * current user, campus list) whichever way the user signed in.
 */
export async function finishSignIn(request: FastifyRequest, attempt: LoginAttempt, userId: number, authMethod: string) {
  const { db, config } = request.server;
  await completeSignIn(db, attempt, userId);
  const token = await createSession(db, userId, config.sessionTtlS, { ...attempt, authMethod });
  const campusList = await listUserCampuses(db, userId);
  const user = await getCurrentUser(db, await resolvePrincipal(db, `Bearer ${token}`), null);
  return { code: 0, msg: formatMessage(request.locale, 'auth.loggedIn'), data: token, extra: { user, campusList } };
}
