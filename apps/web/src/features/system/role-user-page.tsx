import Transfer from '@arco-design/web-react/es/Transfer';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showSuccess } from '../../lib/feedback';
import { useT } from '../../lib/i18n';
import { RoleAssignFrame, useRoleId } from './role-assign-frame';
import { fetchRoleUsers, saveRoleUsers, searchUsers, systemKeys } from './system-api';

/** Members of a role: every user on the left, the role's on the right, searchable on both sides. */
export function RoleUserPage() {
  const t = useT();
  const roleId = useRoleId();
  const queryClient = useQueryClient();
  const users = useQuery({ queryKey: systemKeys.userOptions, queryFn: () => searchUsers('') });
  const saved = useQuery({ queryKey: systemKeys.roleUsers(roleId), queryFn: () => fetchRoleUsers(roleId), enabled: roleId > 0 });
  const [draft, setDraft] = useState<string[] | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  // Members beyond the first page of all users still show, from the role's own answer.
  const known = new Map<number, { username: string; nickname: string; status: string }>();
  for (const u of users.data ?? []) known.set(u.id, u);
  for (const u of saved.data?.users ?? []) known.set(u.id, u);
  const dataSource = [...known].map(([id, u]) => ({
    key: String(id),
    value: `${u.nickname} (${u.username})${u.status === 'disabled' ? ` · ${t('sys.status.disabled')}` : ''}`,
  }));
  const target = draft ?? (saved.data?.userIds ?? []).map(String);

  const save = () => {
    if (!draft) return;
    setIsSaving(true);
    saveRoleUsers(roleId, draft.map(Number))
      .then(async () => {
        showSuccess(t('sys.saved'));
        await queryClient.invalidateQueries({ queryKey: systemKeys.roleUsers(roleId) });
        setDraft(null);
      })
      .catch(() => undefined)
      .finally(() => setIsSaving(false));
  };

  return (
    <RoleAssignFrame
      titleKey="menu.system.roleUser"
      roleId={roleId}
      isLoading={users.isLoading || saved.isLoading}
      error={users.error ?? saved.error}
      isSaving={isSaving}
      isDirty={draft !== null}
      onSave={save}
      onRevert={() => setDraft(null)}
      summary={<span className="role-assign-count">{t('sys.role.userCountOf', { count: target.length })}</span>}
    >
      {() => (
        <Transfer
          className="role-user-transfer"
          showSearch
          dataSource={dataSource}
          targetKeys={target}
          onChange={(keys: string[]) => setDraft(keys)}
          titleTexts={[t('sys.role.allUsers'), t('sys.role.members')]}
          searchPlaceholder={t('sys.role.searchUser')}
          listStyle={{ width: 360, height: 420 }}
        />
      )}
    </RoleAssignFrame>
  );
}
