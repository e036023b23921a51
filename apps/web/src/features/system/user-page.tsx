import Button from '@arco-design/web-react/es/Button';
import Dropdown from '@arco-design/web-react/es/Dropdown';
import Menu from '@arco-design/web-react/es/Menu';
import Modal from '@arco-design/web-react/es/Modal';
import Space from '@arco-design/web-react/es/Space';
import Switch from '@arco-design/web-react/es/Switch';
import Tag from '@arco-design/web-react/es/Tag';
import Tooltip from '@arco-design/web-react/es/Tooltip';
import { IconDown, IconLock } from '@arco-design/web-react/icon';
import { USER_SORTS, type SystemUser, Perm } from '@campus/contract';
import { userCreateFormSchema, userUpdateFormSchema } from './user-form-schema';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { openConfirm, showSuccess } from '../../lib/feedback';
import { FormDrawer } from '../../lib/form/form-drawer';
import type { FormFieldDef } from '../../lib/form/schema-form';
import { useT } from '../../lib/i18n';
import { ListPage, useRefreshList, type ListColumn } from '../../lib/list-page/list-page';
import { AddButton, EditButton, useRowEditor } from '../../lib/list-page/row-editor';
import { usePermission } from '../../lib/permission';
import { useSessionStore } from '../../lib/session';
import { OneTimePassword } from './one-time-password';
import { ResetPasswordForm } from './reset-password-form';
import { SystemStatusTag } from './status-tag';
import {
  createUser,
  fetchAllRoles,
  fetchCampuses,
  fetchDeptTree,
  forceLogoutUser,
  resetUserMfa,
  setUserStatus,
  systemKeys,
  unlockUser,
  userApi,
} from './system-api';
import { buildDeptTreeData, flattenDepts, formatTime, statusOptions } from './system-labels';
import './system-messages';
import './system.css';

const PAGE_KEY = 'system-user';
export const USER_PERMS = {
  add: Perm.userAdd,
  edit: Perm.userEdit,
  delete: Perm.userDelete,
  resetPwd: Perm.userResetPwd,
  forceLogout: Perm.userForceLogout,
  resetMfa: Perm.userResetMfa,
  unlock: Perm.loginlogUnlock,
} as const;

function isLocked(user: SystemUser): boolean {
  return user.lockedUntil !== null && new Date(user.lockedUntil).getTime() > Date.now();
}

export function UserPage() {
  const t = useT();
  const refresh = useRefreshList(PAGE_KEY);
  const hasPerm = usePermission();
  const selfId = useSessionStore((s) => s.user?.userId);
  const editor = useRowEditor<SystemUser>();
  const [resetting, setResetting] = useState<SystemUser | null>(null);
  const [created, setCreated] = useState<{ username: string; password: string } | null>(null);

  const roles = useQuery({ queryKey: systemKeys.roleOptions, queryFn: fetchAllRoles });
  const campuses = useQuery({ queryKey: systemKeys.campusOptions, queryFn: fetchCampuses });
  const depts = useQuery({ queryKey: systemKeys.deptTree, queryFn: () => fetchDeptTree() });
  const roleOptions = (roles.data ?? []).map((r) => ({ value: r.id, label: r.name }));
  const campusOptions = (campuses.data ?? []).map((c) => ({ value: c.cam_id, label: c.name }));

  const columns: ListColumn<SystemUser>[] = [
    {
      key: 'username',
      title: t('sys.user.username'),
      width: 116,
      render: (r) => (
        <Space size={4}>
          <span>{r.username}</span>
          {isLocked(r) && (
            <Tooltip content={t('sys.user.lockedUntil', { time: formatTime(r.lockedUntil) })}>
              <Tag size="small" color="red" icon={<IconLock />}>
                {t('sys.user.locked')}
              </Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    { key: 'nickname', title: t('sys.user.nickname'), width: 90 },
    { key: 'deptName', title: t('sys.user.dept'), width: 84 },
    {
      key: 'roles',
      title: t('sys.user.roles'),
      width: 120,
      render: (r) =>
        r.roles.length === 0 ? (
          '—'
        ) : (
          <Space size={4} wrap>
            {r.roles.map((role) => (
              <Tag key={role.id} size="small" color="arcoblue">
                {role.name}
              </Tag>
            ))}
          </Space>
        ),
    },
    {
      key: 'campuses',
      title: t('sys.user.campuses'),
      width: 92,
      isWrapping: true,
      // One campus a line, each whole ("东城校 / 区" otherwise).
      render: (r) =>
        r.campuses.length
          ? r.campuses.map((c) => (
              <div key={c.id} style={{ whiteSpace: 'nowrap' }}>
                {c.name}
              </div>
            ))
          : '—',
    },
    { key: 'phone', title: t('sys.user.phone'), width: 130, isHiddenByDefault: true, render: (r) => r.phone ?? '—' },
    { key: 'email', title: t('sys.user.email'), width: 180, isHiddenByDefault: true },
    {
      key: 'status',
      title: t('sys.status'),
      width: 72,
      render: (r) =>
        hasPerm([USER_PERMS.edit]) ? (
          <Switch
            size="small"
            checked={r.status === 'active'}
            disabled={r.id === selfId}
            aria-label={t('sys.user.toggleStatus', { name: r.username })}
            onChange={(isOn: boolean) => {
              void setUserStatus(r.id, isOn ? 'active' : 'disabled')
                .then(() => {
                  showSuccess(t(isOn ? 'sys.user.enabled' : 'sys.user.disabled'));
                  return refresh();
                })
                .catch(() => undefined);
            }}
          />
        ) : (
          <SystemStatusTag value={r.status} />
        ),
    },
    {
      key: 'mfa',
      title: t('sys.user.mfa'),
      // One tag a line: 身份验证器 is the widest (78 px) plus the cell's padding.
      width: 100,
      render: (r) =>
        r.mfaMethods.length > 0 ? (
          <Space size={4} wrap>
            {r.mfaMethods.map((m) => (
              <Tag key={m} size="small" color="green">
                {t(`sys.user.mfa.${m}`)}
              </Tag>
            ))}
          </Space>
        ) : r.mfaRequired ? (
          <Tag size="small" color="orangered">
            {t('sys.user.mfa.missing')}
          </Tag>
        ) : (
          t('sys.user.mfa.none')
        ),
    },
    { key: 'lastLoginAt', title: t('sys.user.lastLoginAt'), width: 120, isWrapping: true, render: (r) => formatTime(r.lastLoginAt) },
    { key: 'lastLoginIp', title: t('sys.user.lastLoginIp'), width: 120, isHiddenByDefault: true, render: (r) => r.lastLoginIp ?? '—' },
    { key: 'createdAt', title: t('field.createdAt'), width: 170, isHiddenByDefault: true, render: (r) => formatTime(r.createdAt) },
  ];

  const editRow = editor.row;
  const deptTree = buildDeptTreeData(depts.data ?? []);
  const fields: FormFieldDef[] = [
    ...(editRow ? [] : [{ name: 'username', label: t('sys.user.username'), kind: 'text' as const, isRequired: true }]),
    { name: 'nickname', label: t('sys.user.nickname'), kind: 'text', isRequired: true },
    ...(editRow
      ? []
      : [
          {
            name: 'password',
            label: t('sys.user.password'),
            kind: 'password' as const,
            placeholder: t('sys.user.passwordHint'),
            isWide: true,
          },
        ]),
    { name: 'phone', label: t('sys.user.phone'), kind: 'text' },
    { name: 'email', label: t('sys.user.email'), kind: 'text' },
    { name: 'deptId', label: t('sys.user.dept'), kind: 'tree', treeData: deptTree },
    { name: 'status', label: t('sys.status'), kind: 'select', isRequired: true, options: statusOptions(t) },
    { name: 'roleIds', label: t('sys.user.roles'), kind: 'multiselect', isRequired: true, options: roleOptions, isWide: true },
    { name: 'campusIds', label: t('sys.user.campuses'), kind: 'multiselect', isRequired: true, options: campusOptions, isWide: true },
  ];

  const save = async (body: Record<string, unknown>) => {
    if (editRow) {
      await userApi.update(editRow.id, body);
      showSuccess(t('form.saved'));
    } else {
      const user = await createUser(body);
      showSuccess(t('form.created'));
      if (user.password) setCreated({ username: user.username, password: user.password });
    }
    await refresh();
  };

  const runAction = (key: string, row: SystemUser) => {
    if (key === 'reset') setResetting(row);
    else if (key === 'logout')
      void forceLogoutUser(row.id)
        .then(showSuccess)
        .catch(() => undefined);
    else if (key === 'resetMfa')
      openConfirm({
        title: t('sys.user.resetMfa'),
        content: t('sys.user.resetMfaConfirm', { name: `${row.nickname} (${row.username})` }),
        okText: t('sys.user.resetMfa'),
        cancelText: t('common.cancel'),
        onOk: () => {
          resetUserMfa(row.id)
            .then((msg) => {
              showSuccess(msg);
              return refresh();
            })
            .catch(() => undefined);
        },
      });
    else if (key === 'unlock')
      void unlockUser(row.id)
        .then((msg) => {
          showSuccess(msg);
          return refresh();
        })
        .catch(() => undefined);
  };

  const moreActions = (row: SystemUser) => {
    const items = [
      { key: 'reset', perms: [USER_PERMS.resetPwd], label: t('sys.user.resetPassword') },
      { key: 'logout', perms: [USER_PERMS.forceLogout], label: t('sys.user.forceLogout') },
      ...(row.mfaMethods.length > 0 && row.id !== selfId
        ? [{ key: 'resetMfa', perms: [USER_PERMS.resetMfa], label: t('sys.user.resetMfa') }]
        : []),
      ...(isLocked(row) ? [{ key: 'unlock', perms: [USER_PERMS.unlock], label: t('sys.user.unlock') }] : []),
    ].filter((i) => hasPerm(i.perms));
    if (items.length === 0) return null;
    return (
      <Dropdown
        trigger="click"
        droplist={
          <Menu onClickMenuItem={(key) => runAction(key, row)}>
            {items.map((i) => (
              <Menu.Item key={i.key}>{i.label}</Menu.Item>
            ))}
          </Menu>
        }
      >
        <Button type="text" size="mini" aria-label={t('sys.user.moreFor', { name: row.username })}>
          {t('sys.more')} <IconDown />
        </Button>
      </Dropdown>
    );
  };

  return (
    <>
      <ListPage<SystemUser>
        pageKey={PAGE_KEY}
        titleKey="menu.system.user"
        fetchPage={userApi.fetchPage}
        columns={columns}
        sortFields={USER_SORTS}
        filters={[
          { name: 'status', label: t('sys.status'), options: statusOptions(t) },
          { name: 'deptId', label: t('sys.user.dept'), options: flattenDepts(depts.data ?? []) },
          { name: 'roleId', label: t('sys.user.role'), options: roleOptions.map((o) => ({ value: String(o.value), label: o.label })) },
          {
            name: 'campusId',
            label: t('sys.user.campus'),
            options: campusOptions.map((o) => ({ value: String(o.value), label: o.label })),
          },
        ]}
        keywordPlaceholder={t('sys.user.keyword')}
        describeRow={(r) => `${r.nickname} (${r.username})`}
        deletion={{ perms: [USER_PERMS.delete], remove: userApi.remove, removeMany: userApi.removeMany }}
        actionsWidth={150}
        rowActions={(r) => (
          <>
            <EditButton perms={[USER_PERMS.edit]} onClick={() => editor.openEdit(r)} />
            {moreActions(r)}
          </>
        )}
        toolbar={() => <AddButton perms={[USER_PERMS.add]} onClick={editor.openAdd} />}
      />
      <FormDrawer
        isOpen={editor.isOpen}
        width={560}
        title={t(editRow ? 'form.edit' : 'form.add', { thing: t('sys.thing.user') })}
        schema={editRow ? userUpdateFormSchema : userCreateFormSchema}
        fields={fields}
        initialValues={
          editRow
            ? { ...editRow, deptId: editRow.deptId === null ? undefined : String(editRow.deptId), phone: editRow.phone ?? '' }
            : { status: 'active', roleIds: [], campusIds: campusOptions.length === 1 ? [campusOptions[0]?.value] : [] }
        }
        onSubmit={save}
        onClose={editor.close}
      />
      <Modal
        visible={resetting !== null}
        title={t('sys.reset.title', { name: resetting?.username ?? '' })}
        footer={null}
        unmountOnExit
        onCancel={() => setResetting(null)}
      >
        <ResetPasswordForm user={resetting} onCancel={() => setResetting(null)} onDone={() => void refresh()} />
      </Modal>
      <Modal
        visible={created !== null}
        title={t('sys.user.createdTitle')}
        unmountOnExit
        onOk={() => setCreated(null)}
        onCancel={() => setCreated(null)}
        hideCancel
        okText={t('sys.close')}
      >
        {created && <OneTimePassword username={created.username} password={created.password} />}
      </Modal>
    </>
  );
}
