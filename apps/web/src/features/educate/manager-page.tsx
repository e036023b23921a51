import { MANAGER_SORTS, managerCreateSchema, managerUpdateSchema, type Manager } from '@campus/contract';
import { FormDrawer } from '../../lib/form/form-drawer';
import type { FormFieldDef } from '../../lib/form/schema-form';
import { useT } from '../../lib/i18n';
import { ListPage, type ListColumn } from '../../lib/list-page/list-page';
import { AddButton, EditButton, useRowEditor, useSaveRow } from '../../lib/list-page/row-editor';
import { managerApi } from './educate-api';
import { fieldLabel, valueOptions } from './educate-labels';
import { StatusTag } from './status-tag';

const PAGE_KEY = 'manager';
const MANAGER_PERMS = { add: 'educate:manager:add', edit: 'educate:manager:edit', delete: 'educate:manager:delete' } as const;

export function ManagerPage() {
  const t = useT();
  const editor = useRowEditor<Manager>();
  const label = (field: string) => fieldLabel(t, 'manager', field);

  const columns: ListColumn<Manager>[] = [
    { key: 'staffNo', title: label('staffNo'), width: 110 },
    { key: 'name', title: label('name'), width: 100 },
    { key: 'gender', title: label('gender'), width: 64, render: (r) => t(`value.gender.${r.gender}`) },
    { key: 'position', title: label('position'), width: 120 },
    { key: 'phone', title: label('phone'), width: 124 },
    { key: 'email', title: label('email'), width: 190 },
    { key: 'deptId', title: label('deptId'), width: 110, isHiddenByDefault: true },
    { key: 'status', title: label('status'), width: 84, render: (r) => <StatusTag set="staffStatus" value={r.status} /> },
  ];

  const fields: FormFieldDef[] = [
    { name: 'staffNo', label: label('staffNo'), kind: 'text', isRequired: true },
    { name: 'name', label: label('name'), kind: 'text', isRequired: true },
    { name: 'gender', label: label('gender'), kind: 'select', isRequired: true, options: valueOptions(t, 'gender') },
    { name: 'status', label: label('status'), kind: 'select', isRequired: true, options: valueOptions(t, 'staffStatus') },
    { name: 'position', label: label('position'), kind: 'text' },
    { name: 'phone', label: label('phone'), kind: 'text' },
    { name: 'email', label: label('email'), kind: 'text' },
    { name: 'deptId', label: label('deptId'), kind: 'number', isNullable: true, min: 1, precision: 0 },
    { name: 'userId', label: label('userId'), kind: 'number', isNullable: true, min: 1, precision: 0 },
  ];

  const editRow = editor.row;
  const save = useSaveRow(PAGE_KEY, managerApi, editor);

  return (
    <>
      <ListPage<Manager>
        pageKey={PAGE_KEY}
        titleKey="menu.educate.manager"
        fetchPage={managerApi.fetchPage}
        columns={columns}
        sortFields={MANAGER_SORTS}
        keywordPlaceholder={t('educate.manager.keyword')}
        filters={[{ name: 'status', label: label('status'), options: valueOptions(t, 'staffStatus') }]}
        describeRow={(r) => `${r.name} (${r.staffNo})`}
        deletion={{ perms: [MANAGER_PERMS.delete], remove: managerApi.remove, removeMany: managerApi.removeMany }}
        actionsWidth={110}
        rowActions={(r) => <EditButton perms={[MANAGER_PERMS.edit]} onClick={() => editor.openEdit(r)} />}
        toolbar={() => <AddButton perms={[MANAGER_PERMS.add]} onClick={editor.openAdd} />}
      />
      <FormDrawer
        isOpen={editor.isOpen}
        title={t(editRow ? 'form.edit' : 'form.add', { thing: t('thing.manager') })}
        schema={editRow ? managerUpdateSchema : managerCreateSchema}
        fields={fields}
        initialValues={
          editRow
            ? { ...editRow, deptId: editRow.deptId ?? undefined, userId: editRow.userId ?? undefined }
            : { gender: 'male', status: 'active' }
        }
        onSubmit={save}
        onClose={editor.close}
      />
    </>
  );
}
