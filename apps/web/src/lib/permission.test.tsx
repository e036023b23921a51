import { render, screen } from '@testing-library/react';
import type { CurrentUser, PermCode } from '@campus/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PERMISSION_ERROR, Permission, checkPermission } from './permission';
import { useSessionStore } from './session';

function signInWith(perms: string[]): void {
  useSessionStore.setState({ user: { userId: 1, perms, role: 'user' } as unknown as CurrentUser, role: 'user' });
}

afterEach(() => useSessionStore.setState({ user: null, role: '' }));

describe('checkPermission', () => {
  it.each([undefined, null, 'a:b:c', { perms: [] }, 3])('throws the spec message for %j', (value) => {
    expect(() => checkPermission(value, ['*'])).toThrow(PERMISSION_ERROR);
    expect(PERMISSION_ERROR).toBe('need perm! Like v-permission=[...]');
  });

  it('allows an empty list and any overlap', () => {
    expect(checkPermission([], [])).toBe(true);
    expect(checkPermission(['a:b:c', 'd:e:f'], ['d:e:f'])).toBe(true);
    expect(checkPermission(['a:b:c'], ['*'])).toBe(true);
    expect(checkPermission(['a:b:c'], ['x:y:z'])).toBe(false);
  });
});

describe('<Permission>', () => {
  it('renders its children when a code is held', () => {
    signInWith(['educate:student:add']);
    render(
      <Permission perms={['educate:student:add']}>
        <button type="button">Add</button>
      </Permission>,
    );
    expect(screen.getByRole('button', { name: 'Add' })).toBeTruthy();
  });

  it('removes the element when none is held', () => {
    signInWith(['educate:student:list']);
    const { container } = render(
      <Permission perms={['educate:student:delete']}>
        <button type="button">Delete</button>
      </Permission>,
    );
    expect(container.innerHTML).toBe('');
  });

  it('throws on a non-array', () => {
    signInWith([]);
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Permission perms={'educate:student:add' as unknown as PermCode[]}>x</Permission>)).toThrow(PERMISSION_ERROR);
    quiet.mockRestore();
  });
});
