import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { notifyError, openConfirm, showSuccess } from './feedback';

afterEach(() => {
  document.body.innerHTML = '';
});

// Without the React 19 adapter these calls throw (ReactDOM.render is gone); this proves it is wired.
// Arco's feedback components load lazily; on a busy CI machine that import alone can take seconds.
const LAZY_LOAD = { timeout: 10_000 };
describe('imperative Arco feedback under React 19', () => {
  it('renders a Message', async () => {
    act(() => showSuccess('Saved'));
    await waitFor(() => expect(document.body.textContent).toContain('Saved'), LAZY_LOAD);
  });

  it('renders a Notification', async () => {
    act(() => notifyError('Could not save', 'Request failed'));
    await waitFor(() => expect(document.body.textContent).toContain('Could not save'), LAZY_LOAD);
    expect(document.body.textContent).toContain('Request failed');
  });

  it('renders a Modal.confirm with its buttons', async () => {
    let isOk = false;
    act(() =>
      openConfirm({
        title: 'Confirm logout',
        content: 'You have been logged out',
        okText: 'Re-Login',
        cancelText: 'Cancel',
        onOk: () => {
          isOk = true;
        },
      }),
    );
    await waitFor(() => expect(document.body.textContent).toContain('Confirm logout'), LAZY_LOAD);
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Re-Login');
    expect(button).toBeTruthy();
    act(() => button?.click());
    await waitFor(() => expect(isOk).toBe(true));
  });
});
