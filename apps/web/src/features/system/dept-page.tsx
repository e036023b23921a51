import { deptCreateSchema, deptUpdateSchema, type DeptNode, Perm } from '@campus/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { showSuccess } from '../../lib/feedback';
import { FormDrawer } from '../../lib/form/form-drawer';
import type { FormFieldDef } from '../../lib/form/schema-form';
import { useT } from '../../lib/i18n';
import { SystemStatusTag } from './status-tag';
import { deptApi, fetchDeptTree, systemKeys } from './system-api';
import { buildDeptTreeData, formatTime, statusOptions } from './system-labels';
import { TreeTablePage } from './tree-table-page';

const DEPT_PERMS = { add: Perm.deptAdd, edit: Perm.deptEdit, delete: Perm.deptDelete } as const;

export function DeptPage() {
  const t = useT();
  const [editing, setEditing] = useState<{ row: DeptNode | null; parentId: number | null } | null>(null);
  const [version, setVersion] = useState(0);
  const tree = useQuery({ queryKey: [...systemKeys.deptTree, version], queryFn: () => fetchDeptTree() });

  const editRow = editing?.row ?? null;
  const fields: FormFieldDef[] = [
    {
      name: 'parentId',
      label: t('sys.dept.parent'),
      kind: 'tree',
      treeData: buildDeptTreeData(tree.data ?? [], editRow?.id),
      isWide: true,
    },
    { name: 'name', label: t('sys.dept.name'), kind: 'text', isRequired: true },
    { name: 'sort', label: t('sys.sort'), kind: 'number', min: 0, precision: 0 },
    { name: 'leader', label: t('sys.dept.leader'), kind: 'text' },
    { name: 'phone', label: t('sys.dept.phone'), kind: 'text' },
    { name: 'status', label: t('sys.status'), kind: 'select', options: statusOptions(t) },
  ];

  const save = async (body: Record<string, unknown>) => {
    if (editRow) await deptApi.update(editRow.id, body);
    else await deptApi.create(body);
    showSuccess(t(editRow ? 'form.saved' : 'form.created'));
    setVersion((v) => v + 1);
  };

  return (
    <>
      <TreeTablePage<DeptNode>
        titleKey="menu.system.dept"
        queryKey={systemKeys.deptTable}
        version={version}
        fetchTree={(keyword) => fetchDeptTree({ keyword: keyword || undefined })}
        keywordPlaceholder={t('sys.dept.keyword')}
        perms={DEPT_PERMS}
        describeRow={(r) => r.name}
        onAdd={(parent) => setEditing({ row: null, parentId: parent?.id ?? null })}
        onEdit={(row) => setEditing({ row, parentId: row.parentId })}
        remove={deptApi.remove}
        columns={[
          { key: 'name', dataIndex: 'name', title: t('sys.dept.name'), width: 220 },
          { key: 'sort', dataIndex: 'sort', title: t('sys.sort'), width: 60 },
          { key: 'leader', title: t('sys.dept.leader'), width: 100, render: (_: unknown, r: DeptNode) => r.leader || '—' },
          { key: 'phone', title: t('sys.dept.phone'), width: 124, render: (_: unknown, r: DeptNode) => r.phone || '—' },
          { key: 'status', title: t('sys.status'), width: 72, render: (_: unknown, r: DeptNode) => <SystemStatusTag value={r.status} /> },
          { key: 'createdAt', title: t('field.createdAt'), width: 120, render: (_: unknown, r: DeptNode) => formatTime(r.createdAt) },
        ]}
      />
      <FormDrawer
        isOpen={editing !== null}
        width={520}
        title={t(editRow ? 'form.edit' : 'form.add', { thing: t('sys.thing.dept') })}
        schema={editRow ? deptUpdateSchema : deptCreateSchema}
        fields={fields}
        initialValues={
          editRow
            ? { ...editRow, parentId: editRow.parentId === null ? undefined : String(editRow.parentId) }
            : { parentId: editing?.parentId ? String(editing.parentId) : undefined, sort: 0, status: 'active' }
        }
        onSubmit={save}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
