import Space from '@arco-design/web-react/es/Space';
import Tag from '@arco-design/web-react/es/Tag';
import { ALL_PERMS, menuCreateSchema, menuUpdateSchema, type SystemMenuNode, Perm } from '@campus/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { showSuccess } from '../../lib/feedback';
import { FormDrawer } from '../../lib/form/form-drawer';
import type { FormFieldDef } from '../../lib/form/schema-form';
import { breakAfter } from '../../lib/break-after';
import { useT } from '../../lib/i18n';
import { filterTree } from '../../lib/tree';
import { fetchAllPerms, fetchMenuTree, menuApi, systemKeys } from './system-api';
import { buildMenuTreeData, menuTitleByName } from './system-labels';
import { TreeTablePage } from './tree-table-page';

const MENU_PERMS = { add: Perm.menuAdd, edit: Perm.menuEdit, delete: Perm.menuDelete } as const;

function yesNo(isOn: boolean, label: string) {
  return isOn ? (
    <Tag size="small" color="orange">
      {label}
    </Tag>
  ) : null;
}

export function MenuPage() {
  const t = useT();
  const [editing, setEditing] = useState<{ row: SystemMenuNode | null; parentId: number | null } | null>(null);
  const [version, setVersion] = useState(0);
  const tree = useQuery({ queryKey: [...systemKeys.menuTree, version], queryFn: fetchMenuTree });
  const perms = useQuery({ queryKey: systemKeys.permOptions, queryFn: fetchAllPerms });

  const editRow = editing?.row ?? null;
  const fields: FormFieldDef[] = [
    {
      name: 'parentId',
      label: t('sys.menu.parent'),
      kind: 'tree',
      treeData: buildMenuTreeData(tree.data ?? [], t, editRow?.id),
      isWide: true,
    },
    { name: 'name', label: t('sys.menu.name'), kind: 'text', isRequired: true, placeholder: 'Student' },
    { name: 'path', label: t('sys.menu.path'), kind: 'text', isRequired: true, placeholder: '/educate/student' },
    { name: 'locale', label: t('sys.menu.locale'), kind: 'text', isRequired: true, placeholder: 'menu.educate.student' },
    { name: 'icon', label: t('sys.menu.icon'), kind: 'text', placeholder: 'icon-user' },
    { name: 'order', label: t('sys.menu.order'), kind: 'number', precision: 0 },
    { name: 'activeMenu', label: t('sys.menu.activeMenu'), kind: 'text', placeholder: 'Role' },
    {
      name: 'perms',
      label: t('sys.menu.perms'),
      kind: 'multiselect',
      isWide: true,
      options: (perms.data ?? []).map((p) => ({ value: p.code, label: `${p.code} · ${p.name}` })),
    },
    { name: 'hideInMenu', label: t('sys.menu.hideInMenu'), kind: 'switch' },
    { name: 'hideChildrenInMenu', label: t('sys.menu.hideChildrenInMenu'), kind: 'switch' },
    { name: 'ignoreCache', label: t('sys.menu.ignoreCache'), kind: 'switch' },
    { name: 'requiresAuth', label: t('sys.menu.requiresAuth'), kind: 'switch' },
  ];

  const save = async (body: Record<string, unknown>) => {
    if (editRow) await menuApi.update(editRow.id, body);
    else await menuApi.create(body);
    showSuccess(t(editRow ? 'form.saved' : 'form.created'));
    setVersion((v) => v + 1);
  };

  return (
    <>
      <TreeTablePage<SystemMenuNode>
        titleKey="menu.system.menu"
        queryKey={systemKeys.menuTable}
        version={version}
        fetchTree={async (keyword) => {
          const nodes = await fetchMenuTree();
          const k = keyword.toLowerCase();
          return k ? filterTree(nodes, (n) => [n.name, n.path, n.locale, t(n.locale)].some((s) => s.toLowerCase().includes(k))) : nodes;
        }}
        keywordPlaceholder={t('sys.menu.keyword')}
        perms={MENU_PERMS}
        describeRow={(r) => `${t(r.locale)} (${r.name})`}
        onAdd={(parent) => setEditing({ row: null, parentId: parent?.id ?? null })}
        onEdit={(row) => setEditing({ row, parentId: row.parentId })}
        remove={menuApi.remove}
        columns={[
          {
            key: 'title',
            title: t('sys.menu.title'),
            width: 130,
            // A menu's name stays on one line beside its tree indent ("教务管 / 理" otherwise).
            render: (_: unknown, r: SystemMenuNode) => <span style={{ whiteSpace: 'nowrap' }}>{t(r.locale)}</span>,
          },
          {
            key: 'name',
            title: t('sys.menu.name'),
            width: 100,
            render: (_: unknown, r: SystemMenuNode) => <code className="sys-code">{r.name}</code>,
          },
          {
            key: 'path',
            title: t('sys.menu.path'),
            width: 150,
            render: (_: unknown, r: SystemMenuNode) => <code className="sys-code">{breakAfter(r.path, '/')}</code>,
          },
          {
            key: 'icon',
            title: t('sys.menu.icon'),
            width: 70,
            render: (_: unknown, r: SystemMenuNode) => (r.icon ? <code className="sys-code">{r.icon}</code> : '—'),
          },
          { key: 'order', dataIndex: 'order', title: t('sys.menu.order'), width: 56 },
          {
            key: 'perms',
            title: t('sys.menu.perms'),
            width: 150,
            render: (_: unknown, r: SystemMenuNode) =>
              r.perms.length > 0 ? (
                <span className="sys-code-list">
                  {r.perms.map((p) => (
                    <code key={p} className="sys-code">
                      {p === ALL_PERMS ? t('profile.allPerms') : breakAfter(p, ':')}
                    </code>
                  ))}
                </span>
              ) : (
                '—'
              ),
          },
          {
            key: 'flags',
            title: t('sys.menu.flags'),
            width: 130,
            render: (_: unknown, r: SystemMenuNode) => (
              <Space size={4} wrap>
                {yesNo(r.hideInMenu, t('sys.menu.hideInMenu'))}
                {yesNo(r.hideChildrenInMenu, t('sys.menu.hideChildrenInMenu'))}
                {yesNo(r.ignoreCache, t('sys.menu.ignoreCache'))}
                {r.activeMenu && (
                  <Tag size="small" color="arcoblue">
                    {t('sys.menu.activeMenuTag', { name: menuTitleByName(tree.data ?? [], r.activeMenu, t) })}
                  </Tag>
                )}
              </Space>
            ),
          },
        ]}
      />
      <FormDrawer
        isOpen={editing !== null}
        width={600}
        title={t(editRow ? 'form.edit' : 'form.add', { thing: t('sys.thing.menu') })}
        schema={editRow ? menuUpdateSchema : menuCreateSchema}
        fields={fields}
        initialValues={
          editRow
            ? { ...editRow, parentId: editRow.parentId === null ? undefined : String(editRow.parentId) }
            : { parentId: editing?.parentId ? String(editing.parentId) : undefined, order: 0, requiresAuth: true }
        }
        onSubmit={save}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
