import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FormDrawer } from './form-drawer';
import type { FormFieldDef } from './schema-form';

const schema = z.object({ code: z.string(), name: z.string() });
const fields: FormFieldDef[] = [
  { name: 'code', label: 'Code', kind: 'text' },
  { name: 'name', label: 'Name', kind: 'text' },
];
const edited = { code: 'NC2026999', name: 'Zhang San' };

type Opening = { row: typeof edited | null } | null;

/** A list page's drawer in miniature: one FormDrawer, opened on a row or on a new one. */
function Harness({ opening }: { opening: Opening }) {
  return (
    <FormDrawer
      isOpen={opening !== null}
      title="Thing"
      schema={schema}
      fields={fields}
      initialValues={opening?.row ? { ...opening.row } : {}}
      onSubmit={async () => undefined}
      onClose={() => undefined}
    />
  );
}

const valueOf = (label: string) => screen.getByPlaceholderText<HTMLInputElement>(`请输入${label}`).value;

describe('FormDrawer', () => {
  it('opens a new row empty after an edit (the Add form never holds the record last edited)', async () => {
    const view = render(<Harness opening={{ row: edited }} />);
    await waitFor(() => expect(valueOf('Code')).toBe('NC2026999'));
    view.rerender(<Harness opening={null} />);
    await waitFor(() => expect(screen.queryByPlaceholderText('请输入Code')).toBeNull());
    view.rerender(<Harness opening={{ row: null }} />);
    await waitFor(() => expect(screen.getByPlaceholderText('请输入Code')).toBeTruthy());
    expect(valueOf('Code')).toBe('');
    expect(valueOf('Name')).toBe('');
  });

  it('opens a new row empty after another new row was typed into and cancelled', async () => {
    function TypeThenReopen() {
      const [opening, setOpening] = useState<Opening>({ row: null });
      return (
        <>
          <button onClick={() => setOpening(null)}>close</button>
          <button onClick={() => setOpening({ row: null })}>add</button>
          <Harness opening={opening} />
        </>
      );
    }
    render(<TypeThenReopen />);
    const code = await screen.findByPlaceholderText('请输入Code');
    const { fireEvent } = await import('@testing-library/react');
    fireEvent.change(code, { target: { value: 'typed' } });
    await waitFor(() => expect(valueOf('Code')).toBe('typed'));
    fireEvent.click(screen.getByText('close'));
    await waitFor(() => expect(screen.queryByPlaceholderText('请输入Code')).toBeNull());
    fireEvent.click(screen.getByText('add'));
    await waitFor(() => expect(screen.getByPlaceholderText('请输入Code')).toBeTruthy());
    expect(valueOf('Code')).toBe('');
  });
});
