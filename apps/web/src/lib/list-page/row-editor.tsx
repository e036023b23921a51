import type { PermCode } from '@campus/contract';
import Button from '@arco-design/web-react/es/Button';
import { IconPlus } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { showSuccess } from '../feedback';
import { useT } from '../i18n';
import { Permission } from '../permission';
import { useRefreshList } from './list-page';
import type { ResourceApi } from './resource-api';

/** The add/edit drawer of a list page: closed, open on a new row (`row` null), or open on a row. */
export interface RowEditor<Row> {
  isOpen: boolean;
  row: Row | null;
  openAdd: () => void;
  openEdit: (row: Row) => void;
  close: () => void;
}

export function useRowEditor<Row>(): RowEditor<Row> {
  const [editing, setEditing] = useState<{ row: Row | null } | null>(null);
  return {
    isOpen: editing !== null,
    row: editing?.row ?? null,
    openAdd: () => setEditing({ row: null }),
    openEdit: (row) => setEditing({ row }),
    close: () => setEditing(null),
  };
}

/** The usual save of that drawer: update the row being edited or create one, say so, refresh the list. */
export function useSaveRow<Row extends { id: number }>(
  pageKey: string,
  api: Pick<ResourceApi<unknown>, 'create' | 'update'>,
  editor: RowEditor<Row>,
): (body: Record<string, unknown>) => Promise<void> {
  const t = useT();
  const refresh = useRefreshList(pageKey);
  return async (body) => {
    const { row } = editor;
    if (row) await api.update(row.id, body);
    else await api.create(body);
    showSuccess(t(row ? 'form.saved' : 'form.created'));
    await refresh();
  };
}

/** The toolbar's Add button, shown to holders of `perms`. */
export function AddButton({ perms, onClick }: { perms: PermCode[]; onClick: () => void }) {
  const t = useT();
  return (
    <Permission perms={perms}>
      <Button type="primary" icon={<IconPlus />} onClick={onClick}>
        {t('common.add')}
      </Button>
    </Permission>
  );
}

/** A row's Edit action, shown to holders of `perms`. */
export function EditButton({ perms, onClick }: { perms: PermCode[]; onClick: () => void }) {
  const t = useT();
  return (
    <Permission perms={perms}>
      <Button type="text" size="mini" onClick={onClick}>
        {t('list.edit')}
      </Button>
    </Permission>
  );
}
