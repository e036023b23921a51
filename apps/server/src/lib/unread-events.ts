import { EventEmitter } from 'node:events';

/**
 * In-process nudges: a change made by this instance wakes its own message
 * streams at once. Streams also poll the database, so changes made by other
 * instances arrive within one poll interval.
 */
const bus = new EventEmitter();
bus.setMaxListeners(0);

const ALL = 'all';

/** `'all'` when every user may be affected (a notice to everyone, a system scan). */
export function announceUnreadChange(userIds: readonly number[] | 'all'): void {
  if (userIds === 'all') bus.emit(ALL);
  else for (const id of new Set(userIds)) bus.emit(`user:${id}`);
}

/** Calls `listener` when the user's unread messages may have changed; answers the unsubscribe. */
export function watchUnreadChanges(userId: number, listener: () => void): () => void {
  bus.on(`user:${userId}`, listener);
  bus.on(ALL, listener);
  return () => {
    bus.off(`user:${userId}`, listener);
    bus.off(ALL, listener);
  };
}
