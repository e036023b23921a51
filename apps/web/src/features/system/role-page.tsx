import Tag from '@arco-design/web-react/es/Tag';
import { ROLE_SORTS, type Role, Perm } from '@campus/contract';
import { Link } from 'react-router';
import { FormDrawer } from '../../lib/form/form-drawer';
import type { FormFieldDef } from '../../lib/form/schema-form';
import { useT } from '../../lib/i18n';
import { ListPage, type ListColumn } from '../../lib/list-page/list-page';
import { AddButton, EditButton, useRowEditor, useSaveRow } from '../../lib/list-page/row-editor';
import { Permission } from '../../lib/permission';
import { roleFormCreateSchema, roleFormUpdateSchema, scopeKindLabel, toRoleBody, toRoleForm, useScopeFields } from './role-scope-fields';
import { SystemStatusTag } from './status-tag';
import { roleApi } from './system-api';
import { formatTime, statusOptions } from './system-labels';
import './system-messages';
import './system.css';

const PAGE_KEY = 'system-role';
const ROLE_PERMS = {
  add: Perm.roleAdd,
  edit: Perm.roleEdit,
  delete: Perm.roleDelete,
  assign: Perm.roleAssign,
} as const;

export function RolePage() {
  const t = useT();
  const editor = useRowEditor<Role>();
  const scopeFields = useScopeFields(t);

  const columns: ListColumn<Role>[] = [
    {
      key: 'name',
      title: t('sys.role.name'),
      width: 120,
      render: (r) => (
        <span>
          {r.name}
          {r.builtin && (
            <Tag size="small" color="purple" className="sys-inline-tag">
              {t('sys.builtin')}
            </Tag>
          )}
        </span>
      ),
    },
    { key: 'code', title: t('sys.role.code'), width: 110, render: (r) => <code className="sys-code">{r.code}</code> },
    { key: 'sort', title: t('sys.sort'), width: 72 },
    { key: 'status', title: t('sys.status'), width: 72, render: (r) => <SystemStatusTag value={r.status} /> },
    { key: 'userCount', title: t('sys.role.userCount'), width: 72 },
    // Before the second-factor flag: at 1 280 px the last columns sit under the fixed actions until scrolled to.
    { key: 'dataScope', title: t('sys.role.scope'), width: 150, isWrapping: true, render: (r) => scopeKindLabel(t, r.dataScope.kind) },
    {
      key: 'requireMfa',
      title: t('sys.role.requireMfa'),
      width: 110,
      render: (r) =>
        r.requireMfa ? (
          <Tag size="small" color="orangered">
            {t('sys.role.mfaRequired')}
          </Tag>
        ) : (
          '—'
        ),
    },
    { key: 'remark', title: t('sys.remark'), width: 170, isWrapping: true, isHiddenByDefault: true },
    { key: 'createdAt', title: t('field.createdAt'), width: 120, isHiddenByDefault: true, render: (r) => formatTime(r.createdAt) },
  ];
  const fields: FormFieldDef[] = [
    { name: 'name', label: t('sys.role.name'), kind: 'text', isRequired: true },
    { name: 'code', label: t('sys.role.code'), kind: 'text', isRequired: true, placeholder: t('sys.role.codeHint') },
    { name: 'sort', label: t('sys.sort'), kind: 'number', min: 0, precision: 0 },
    { name: 'status', label: t('sys.status'), kind: 'select', options: statusOptions(t) },
    // Holders without a second factor are sent to set one up, and refused everything else until then.
    { name: 'requireMfa', label: t('sys.role.requireMfa'), kind: 'switch' },
    { name: 'remark', label: t('sys.remark'), kind: 'textarea', isWide: true },
    ...scopeFields,
  ];

  const editRow = editor.row;
  const save = useSaveRow(PAGE_KEY, roleApi, editor);

  return (
    <>
      <ListPage<Role>
        pageKey={PAGE_KEY}
        titleKey="menu.system.role"
        fetchPage={roleApi.fetchPage}
        columns={columns}
        sortFields={ROLE_SORTS}
        filters={[{ name: 'status', label: t('sys.status'), options: statusOptions(t) }]}
        keywordPlaceholder={t('sys.role.keyword')}
        describeRow={(r) => `${r.name} (${r.code})`}
        deletion={{ perms: [ROLE_PERMS.delete], remove: roleApi.remove, removeMany: roleApi.removeMany }}
        actionsWidth={210}
        rowActions={(r) => (
          <>
            <EditButton perms={[ROLE_PERMS.edit]} onClick={() => editor.openEdit(r)} />
            <Permission perms={[ROLE_PERMS.assign]}>
              <Link className="sys-row-link" to={`/system/role/${r.id}/user`} aria-label={t('sys.role.usersOf', { name: r.name })}>
                {t('sys.role.users')}
              </Link>
              <Link className="sys-row-link" to={`/system/role/${r.id}/menu`} aria-label={t('sys.role.menusOf', { name: r.name })}>
                {t('sys.role.menus')}
              </Link>
              <Link className="sys-row-link" to={`/system/role/${r.id}/perm`} aria-label={t('sys.role.permsOf', { name: r.name })}>
                {t('sys.role.perms')}
              </Link>
            </Permission>
          </>
        )}
        toolbar={() => <AddButton perms={[ROLE_PERMS.add]} onClick={editor.openAdd} />}
      />
      <FormDrawer
        isOpen={editor.isOpen}
        width={480}
        title={t(editRow ? 'form.edit' : 'form.add', { thing: t('sys.thing.role') })}
        schema={editRow ? roleFormUpdateSchema : roleFormCreateSchema}
        fields={fields}
        initialValues={editRow ? toRoleForm(editRow) : { status: 'active', sort: 0, requireMfa: false, scopeKind: 'campus' }}
        onSubmit={(body) => save(toRoleBody(body))}
        onClose={editor.close}
      />
    </>
  );
}
