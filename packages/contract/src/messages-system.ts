import type { Texts } from './messages.js';

/** Server messages of system administration (users, roles, menus, perms, depts, logs). */
export const SYSTEM_MESSAGES = {
  'system.placeholder': { 'zh-CN': '系统管理', 'en-US': 'System administration' },
} as const satisfies Record<string, Texts>;
