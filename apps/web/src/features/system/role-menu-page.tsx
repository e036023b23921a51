import Tag from '@arco-design/web-react/es/Tag';
import Tree from '@arco-design/web-react/es/Tree';
import type { SystemMenuNode } from '@campus/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { showSuccess } from '../../lib/feedback';
import { useT, type Translate } from '../../lib/i18n';
import { RoleAssignFrame, useRoleId } from './role-assign-frame';
import { fetchMenuTree, fetchRoleMenus, saveRoleMenus, systemKeys } from './system-api';

interface MenuTreeNode {
  key: string;
  title: ReactNode;
  children?: MenuTreeNode[];
}

/** Each entry as the menu names it; a page reached from another (edit a course) says so instead of showing its route. */
function buildTree(nodes: readonly SystemMenuNode[], t: Translate): MenuTreeNode[] {
  return nodes.map((n) => ({
    key: String(n.id),
    title: n.hideInMenu ? (
      <span>
        {t(n.locale)}
        <Tag size="small" className="sys-inline-tag">
          {t('sys.menu.hideInMenu')}
        </Tag>
      </span>
    ) : (
      t(n.locale)
    ),
    children: n.children.length > 0 ? buildTree(n.children, t) : undefined,
  }));
}

/**
 * The boxes cascade, so a saved parent alone would tick all of its children:
 * only leaves, and parents whose whole subtree is granted, are shown ticked;
 * a parent of a ticked child is saved as well (half-ticked), as the menu needs it.
 */
function pickShownChecked(nodes: readonly SystemMenuNode[], granted: ReadonlySet<number>): number[] {
  const out: number[] = [];
  const visit = (n: SystemMenuNode): boolean => {
    if (n.children.length === 0) {
      if (granted.has(n.id)) out.push(n.id);
      return granted.has(n.id);
    }
    const all = n.children.map(visit).every(Boolean);
    if (all && granted.has(n.id)) out.push(n.id);
    return all && granted.has(n.id);
  };
  nodes.forEach(visit);
  return out;
}

export function RoleMenuPage() {
  const t = useT();
  const roleId = useRoleId();
  const queryClient = useQueryClient();
  const tree = useQuery({ queryKey: systemKeys.menuTree, queryFn: fetchMenuTree });
  const saved = useQuery({ queryKey: systemKeys.roleMenus(roleId), queryFn: () => fetchRoleMenus(roleId), enabled: roleId > 0 });
  const [draft, setDraft] = useState<{ checked: string[]; half: string[] } | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const shownChecked = draft?.checked ?? (tree.data && saved.data ? pickShownChecked(tree.data, new Set(saved.data)).map(String) : []);
  const granted = draft ? [...draft.checked, ...draft.half].map(Number) : (saved.data ?? []);

  const save = () => {
    if (!draft) return;
    setIsSaving(true);
    saveRoleMenus(roleId, granted)
      .then(async () => {
        showSuccess(t('sys.saved'));
        await queryClient.invalidateQueries({ queryKey: systemKeys.roleMenus(roleId) });
        setDraft(null);
      })
      .catch(() => undefined)
      .finally(() => setIsSaving(false));
  };

  return (
    <RoleAssignFrame
      titleKey="menu.system.roleMenu"
      roleId={roleId}
      isLoading={tree.isLoading || saved.isLoading}
      error={tree.error ?? saved.error}
      isSaving={isSaving}
      isDirty={draft !== null}
      onSave={save}
      onRevert={() => setDraft(null)}
      summary={<span className="role-assign-count">{t('sys.role.menuCount', { count: granted.length })}</span>}
    >
      {(role) => (
        <Tree
          className="role-menu-tree"
          // The built-in admin role holds everything through `*`; its grants are not edited here.
          checkable={!role.builtin}
          blockNode
          defaultExpandedKeys={(tree.data ?? []).map((n) => String(n.id))}
          treeData={buildTree(tree.data ?? [], t)}
          checkedKeys={shownChecked}
          onCheck={(keys: string[], extra: { halfCheckedKeys?: string[] }) =>
            setDraft({ checked: keys, half: extra.halfCheckedKeys ?? [] })
          }
          actionOnClick="check"
        />
      )}
    </RoleAssignFrame>
  );
}
