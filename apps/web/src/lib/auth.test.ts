import { afterEach, describe, expect, it, vi } from 'vitest';

const calls: string[] = [];

vi.mock('./request', () => ({
  waitForRequestsToSettle: () => Promise.resolve(),
  request: {
    post: (url: string) => {
      calls.push(`post ${url}`);
      return Promise.resolve({ code: 0, msg: '', data: null });
    },
  },
}));
vi.mock('./navigation', () => ({ navigateTo: (to: string) => calls.push(`navigate ${to}`) }));

const { addLogoutListener, isSigningOut, leaveAndSignOut, markConsoleMounted } = await import('./auth');

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('leaveAndSignOut', () => {
  afterEach(() => {
    calls.length = 0;
  });

  it('ends the session only after the console has unmounted', async () => {
    const unmount = markConsoleMounted();
    const stopListening = addLogoutListener(() => calls.push('cleared'));
    const done = leaveAndSignOut();
    await flush();
    // Navigation asked for, console still mounted: the session is untouched.
    expect(calls).toEqual(['navigate /login']);
    expect(isSigningOut()).toBe(true);
    unmount();
    await done;
    expect(calls).toEqual(['navigate /login', 'post /logout', 'cleared']);
    expect(isSigningOut()).toBe(false);
    stopListening();
  });

  it('goes straight on when no console is mounted', async () => {
    await leaveAndSignOut();
    expect(calls).toEqual(['navigate /login', 'post /logout']);
  });
});
