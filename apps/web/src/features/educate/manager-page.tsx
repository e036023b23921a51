import Button from '@arco-design/web-react/es/Button';
import { IconUpload } from '@arco-design/web-react/icon';
import { MANAGER_SORTS, Perm, managerCreateSchema, managerUpdateSchema, type Manager } from '@campus/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormDrawer } from '../../lib/form/form-drawer';
import type { FormFieldDef } from '../../lib/form/schema-form';
import { useT } from '../../lib/i18n';
import { ExportButton } from '../../lib/list-page/export-button';
import { ImportDialog } from '../../lib/list-page/import-dialog';
import { ListPage, useRefreshList, type ListColumn } from '../../lib/list-page/list-page';
import { AddButton, EditButton, useRowEditor, useSaveRow } from '../../lib/list-page/row-editor';
import { Permission, usePermission } from '../../lib/permission';
import { findInTree } from '../../lib/tree';
import { accountPicker, educateKeys, fetchDeptTreeData, managerApi } from './educate-api';
import { fieldLabel, valueOptions } from './educate-labels';
import { StatusTag } from './status-tag';

const PAGE_KEY = 'manager';

export function ManagerPage() {
  const t = useT();
  const can = usePermission();
  const refresh = useRefreshList(PAGE_KEY);
  const editor = useRowEditor<Manager>();
  const [isImporting, setIsImporting] = useState(false);
  const label = (field: string) => fieldLabel(t, 'manager', field);
  // The department tree names the column and feeds the form's picker.
  // Readable by those who edit managers or see the department pages; others see the number.
  const canReadDepts = can([Perm.managerAdd, Perm.managerEdit, Perm.deptList, Perm.userList]);
  const depts = useQuery({ queryKey: educateKeys.deptTree, queryFn: fetchDeptTreeData, enabled: canReadDepts });
  const deptName = (id: number | null) => {
    if (id === null) return '—';
    const name = findInTree(depts.data ?? [], (n) => n.key === String(id))?.title;
    return name ?? (canReadDepts && depts.isPending ? '' : `#${id}`);
  };

  const columns: ListColumn<Manager>[] = [
    { key: 'staffNo', title: label('staffNo'), width: 110 },
    { key: 'name', title: label('name'), width: 100 },
    { key: 'gender', title: label('gender'), width: 64, render: (r) => t(`value.gender.${r.gender}`) },
    { key: 'position', title: label('position'), width: 120 },
    { key: 'phone', title: label('phone'), width: 124 },
    { key: 'email', title: label('email'), width: 190 },
    { key: 'deptId', title: label('deptId'), width: 120, isHiddenByDefault: true, render: (r) => deptName(r.deptId) },
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
    { name: 'deptId', label: label('deptId'), kind: 'tree', isNullable: true, treeData: depts.data ?? [] },
    { name: 'userId', label: label('userId'), kind: 'lookup', isNullable: true, lookup: accountPicker },
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
        deletion={{ perms: [Perm.managerDelete], remove: managerApi.remove, removeMany: managerApi.removeMany }}
        actionsWidth={110}
        rowActions={(r) => <EditButton perms={[Perm.managerEdit]} onClick={() => editor.openEdit(r)} />}
        toolbar={(query) => (
          <>
            <AddButton perms={[Perm.managerAdd]} onClick={editor.openAdd} />
            <Permission perms={[Perm.managerImport]}>
              <Button icon={<IconUpload />} onClick={() => setIsImporting(true)}>
                {t('common.import')}
              </Button>
            </Permission>
            <Permission perms={[Perm.managerExport]}>
              <ExportButton path={managerApi.path} query={query} fileName="managers" />
            </Permission>
          </>
        )}
      />
      <FormDrawer
        isOpen={editor.isOpen}
        title={t(editRow ? 'form.edit' : 'form.add', { thing: t('thing.manager') })}
        schema={editRow ? managerUpdateSchema : managerCreateSchema}
        fields={fields}
        initialValues={
          editRow
            ? { ...editRow, deptId: editRow.deptId === null ? undefined : String(editRow.deptId), userId: editRow.userId ?? undefined }
            : { gender: 'male', status: 'active' }
        }
        onSubmit={save}
        onClose={editor.close}
      />
      <ImportDialog
        isOpen={isImporting}
        title={t('import.title', { thing: t('thing.manager') })}
        path={managerApi.path}
        templateName="managers-template"
        fieldLabel={label}
        onClose={() => setIsImporting(false)}
        onImported={() => void refresh()}
      />
    </>
  );
}
