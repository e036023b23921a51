import { DEFAULT_MENUS, type DeptNode, type SystemMenuNode } from '@campus/contract';
import type { FormTreeNode } from '../../lib/form/schema-form';
import type { Translate } from '../../lib/i18n';
import { findInTree } from '../../lib/tree';
import { formatDateTime } from '../../lib/format';

/** Active/disabled is the one status of users, roles and departments. */
export function statusOptions(t: Translate) {
  return (['active', 'disabled'] as const).map((value) => ({ value, label: t(`sys.status.${value}`) }));
}

/** The system pages' times, to the second. */
export function formatTime(value: string | null | undefined): string {
  return formatDateTime(value, { hasSeconds: true });
}

export function buildDeptTreeData(nodes: readonly DeptNode[], exceptId?: number): FormTreeNode[] {
  return nodes
    .filter((n) => n.id !== exceptId)
    .map((n) => ({ key: String(n.id), title: n.name, children: buildDeptTreeData(n.children, exceptId) }));
}

/** A parent must not be the node itself or one of its descendants: the server refuses cycles too. */
export function buildMenuTreeData(nodes: readonly SystemMenuNode[], t: Translate, exceptId?: number): FormTreeNode[] {
  return nodes
    .filter((n) => n.id !== exceptId)
    .map((n) => ({ key: String(n.id), title: `${t(n.locale)} (${n.name})`, children: buildMenuTreeData(n.children, t, exceptId) }));
}

export function flattenDepts(nodes: readonly DeptNode[], depth = 0): { value: string; label: string }[] {
  return nodes.flatMap((n) => [
    { value: String(n.id), label: `${'\u00a0\u00a0'.repeat(depth)}${n.name}` },
    ...flattenDepts(n.children, depth + 1),
  ]);
}

/**
 * A perm module is named as the menu names its area (教务管理, 报表中心): one
 * name for one area on every page. A module an admin adds shows its own name.
 */
export function moduleLabel(t: Translate, module: string): string {
  const key = `menu.${module}`;
  const text = t(key);
  return text === key ? module : text;
}

/** Modules in the order of the menu's areas; any other after them, by name. */
export function sortByMenuOrder<T extends { module: string }>(groups: readonly T[]): T[] {
  const order = DEFAULT_MENUS.map((m) => m.path.replace(/^\//, ''));
  const rank = (module: string) => {
    const i = order.indexOf(module);
    return i === -1 ? order.length : i;
  };
  return [...groups].sort((a, b) => rank(a.module) - rank(b.module) || a.module.localeCompare(b.module));
}

/** A menu named by its route name ("Course"), as the menu shows it ("课程管理"); an unknown name stays as it is. */
export function menuTitleByName(nodes: readonly SystemMenuNode[], name: string, t: Translate): string {
  const node = findInTree(nodes, (n) => n.name === name);
  return node ? t(node.locale) : name;
}
