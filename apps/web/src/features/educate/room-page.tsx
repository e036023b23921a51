import { ROOM_SORTS, roomCreateSchema, roomUpdateSchema, type Room, Perm } from '@campus/contract';
import { FormDrawer } from '../../lib/form/form-drawer';
import type { FormFieldDef } from '../../lib/form/schema-form';
import { useT } from '../../lib/i18n';
import { ListPage, type ListColumn } from '../../lib/list-page/list-page';
import { AddButton, EditButton, useRowEditor, useSaveRow } from '../../lib/list-page/row-editor';
import { roomApi } from './educate-api';
import { fieldLabel } from './educate-labels';

const PAGE_KEY = 'room';
const ROOM_PERMS = { add: Perm.roomAdd, edit: Perm.roomEdit, delete: Perm.roomDelete } as const;

export function RoomPage() {
  const t = useT();
  const editor = useRowEditor<Room>();
  const label = (field: string) => fieldLabel(t, 'room', field);

  const columns: ListColumn<Room>[] = [
    { key: 'code', title: label('code'), width: 140 },
    { key: 'name', title: label('name') },
    { key: 'capacity', title: label('capacity'), width: 140 },
    { key: 'createdAt', title: t('field.createdAt'), width: 180, isHiddenByDefault: true, render: (r) => r.createdAt.slice(0, 10) },
  ];
  const fields: FormFieldDef[] = [
    { name: 'code', label: label('code'), kind: 'text', isRequired: true },
    { name: 'name', label: label('name'), kind: 'text', isRequired: true },
    { name: 'capacity', label: label('capacity'), kind: 'number', isRequired: true, min: 1, precision: 0 },
  ];

  const editRow = editor.row;
  const save = useSaveRow(PAGE_KEY, roomApi, editor);

  return (
    <>
      <ListPage<Room>
        pageKey={PAGE_KEY}
        titleKey="menu.educate.room"
        fetchPage={roomApi.fetchPage}
        columns={columns}
        sortFields={ROOM_SORTS}
        keywordPlaceholder={t('educate.room.keyword')}
        describeRow={(r) => `${r.name} (${r.code})`}
        deletion={{ perms: [ROOM_PERMS.delete], remove: roomApi.remove, removeMany: roomApi.removeMany }}
        actionsWidth={130}
        rowActions={(r) => <EditButton perms={[ROOM_PERMS.edit]} onClick={() => editor.openEdit(r)} />}
        toolbar={() => <AddButton perms={[ROOM_PERMS.add]} onClick={editor.openAdd} />}
      />
      <FormDrawer
        isOpen={editor.isOpen}
        width={440}
        title={t(editRow ? 'form.edit' : 'form.add', { thing: t('thing.room') })}
        schema={editRow ? roomUpdateSchema : roomCreateSchema}
        fields={fields}
        initialValues={editRow ? { ...editRow } : {}}
        onSubmit={save}
        onClose={editor.close}
      />
    </>
  );
}
