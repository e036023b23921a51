import Alert from '@arco-design/web-react/es/Alert';
import Checkbox from '@arco-design/web-react/es/Checkbox';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showSuccess } from '../../lib/feedback';
import { getLocale, useT } from '../../lib/i18n';
import { RoleAssignFrame, useRoleId } from './role-assign-frame';
import { fetchPermGroups, fetchRolePerms, saveRolePerms, systemKeys } from './system-api';
import { moduleLabel, sortByMenuOrder } from './system-labels';

/** Permissions of a role, grouped by module, a box each and one per module for all of it. */
export function RolePermPage() {
  const t = useT();
  const roleId = useRoleId();
  const queryClient = useQueryClient();
  const groups = useQuery({ queryKey: systemKeys.permGroups, queryFn: fetchPermGroups });
  const saved = useQuery({ queryKey: systemKeys.rolePerms(roleId), queryFn: () => fetchRolePerms(roleId), enabled: roleId > 0 });
  const [draft, setDraft] = useState<number[] | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const checked = draft ?? saved.data ?? [];
  const isDirty = draft !== null;
  const isEnglish = getLocale() === 'en-US';

  const save = () => {
    if (!draft) return;
    setIsSaving(true);
    saveRolePerms(roleId, draft)
      .then(async () => {
        showSuccess(t('sys.saved'));
        await queryClient.invalidateQueries({ queryKey: systemKeys.rolePerms(roleId) });
        setDraft(null);
      })
      // The request client has said why (403: a perm the admin does not hold).
      .catch(() => undefined)
      .finally(() => setIsSaving(false));
  };

  return (
    <RoleAssignFrame
      titleKey="menu.system.rolePerm"
      roleId={roleId}
      isLoading={groups.isLoading || saved.isLoading}
      error={groups.error ?? saved.error}
      isSaving={isSaving}
      isDirty={isDirty}
      onSave={save}
      onRevert={() => setDraft(null)}
      summary={<span className="role-assign-count">{t('sys.role.permCount', { count: checked.length })}</span>}
    >
      {(role) => (
        <>
          {role.builtin && <Alert className="role-assign-dirty" type="warning" content={t('sys.role.builtinPerms')} />}
          <div className="perm-groups">
            {sortByMenuOrder(groups.data ?? []).map((group) => {
              const ids = group.perms.map((p) => p.id);
              const count = ids.filter((id) => checked.includes(id)).length;
              return (
                <section key={group.module} className="perm-group" aria-label={moduleLabel(t, group.module)}>
                  <header className="perm-group-head">
                    <Checkbox
                      checked={count === ids.length && ids.length > 0}
                      indeterminate={count > 0 && count < ids.length}
                      disabled={role.builtin}
                      onChange={(isOn: boolean) =>
                        setDraft(isOn ? [...new Set([...checked, ...ids])] : checked.filter((id) => !ids.includes(id)))
                      }
                    >
                      <span className="perm-group-title">{moduleLabel(t, group.module)}</span>
                    </Checkbox>
                    <span className="perm-group-count">
                      {count} / {ids.length}
                    </span>
                  </header>
                  <div className="perm-group-body">
                    {group.perms.map((p) => (
                      <Checkbox
                        key={p.id}
                        checked={checked.includes(p.id)}
                        disabled={role.builtin}
                        onChange={(isOn: boolean) => setDraft(isOn ? [...checked, p.id] : checked.filter((id) => id !== p.id))}
                      >
                        <span className="perm-name">{isEnglish && p.nameEn ? p.nameEn : p.name}</span>
                        <code className="perm-code">{p.code}</code>
                      </Checkbox>
                    ))}
                  </div>
                </section>
              );
            })}
          </div>
        </>
      )}
    </RoleAssignFrame>
  );
}
