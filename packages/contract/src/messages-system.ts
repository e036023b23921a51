import type { Texts } from './constants.js';

/** Server messages of system administration (users, roles, menus, perms, depts, logs). */
export const SYSTEM_MESSAGES = {
  'system.selfEdit': {
    'zh-CN': '{field}：不能修改自己的角色、校区或状态',
    'en-US': '{field}: you cannot change your own roles, campuses or status',
  },
  'system.selfDelete': { 'zh-CN': '不能删除自己的账号', 'en-US': 'You cannot delete your own account' },
  'system.selfReset': {
    'zh-CN': '不能重置自己的密码，请在个人设置中修改密码',
    'en-US': 'You cannot reset your own password; change it in your account settings',
  },
  'system.selfLogout': {
    'zh-CN': '不能强制自己下线，请直接退出登录',
    'en-US': 'You cannot force yourself out; sign out instead',
  },
  'system.lastAdmin': {
    'zh-CN': '至少需要保留一个启用的超级管理员账号',
    'en-US': 'At least one active administrator account must remain',
  },
  'system.grantPerm': {
    'zh-CN': '不能授予自己没有的权限：{codes}',
    'en-US': 'You cannot grant permissions you do not hold: {codes}',
  },
  'system.grantMenu': {
    'zh-CN': '不能授予自己没有的菜单：{names}',
    'en-US': 'You cannot grant menus you do not hold: {names}',
  },
  'system.grantCampus': {
    'zh-CN': '不能分配自己没有的校区：{ids}',
    'en-US': 'You cannot assign campuses you do not hold: {ids}',
  },
  'system.grantRole': {
    'zh-CN': '不能分配含有自己没有的权限的角色：{names}',
    'en-US': 'You cannot assign roles with permissions you do not hold: {names}',
  },
  'system.outranked': {
    'zh-CN': '用户“{username}”拥有你没有的权限或校区，不能由你管理',
    'en-US': 'User "{username}" holds permissions or campuses you do not, so you cannot manage them',
  },
  'system.builtinRole': {
    'zh-CN': '内置角色“{name}”不能删除、停用、修改编码或权限',
    'en-US': 'The built-in role "{name}" cannot be deleted, disabled, recoded or have its permissions changed',
  },
  'system.roleInUse': {
    'zh-CN': '角色“{name}”仍有成员，不能删除：{refs}',
    'en-US': 'The role "{name}" still has members and cannot be deleted: {refs}',
  },
  'system.menuInUse': {
    'zh-CN': '菜单“{name}”下还有子菜单，不能删除：{refs}',
    'en-US': 'The menu "{name}" has child menus and cannot be deleted: {refs}',
  },
  'system.deptInUse': {
    'zh-CN': '部门“{name}”正在使用，不能删除：{refs}',
    'en-US': 'The department "{name}" is in use and cannot be deleted: {refs}',
  },
  'system.userInUse': {
    'zh-CN': '用户“{name}”正在被引用，不能删除：{refs}',
    'en-US': 'The user "{name}" is referred to and cannot be deleted: {refs}',
  },
  'system.permInUse': {
    'zh-CN': '权限“{code}”正在使用，不能删除：{refs}',
    'en-US': 'The permission "{code}" is in use and cannot be deleted: {refs}',
  },
  'system.cycle': {
    'zh-CN': '{field}：不能是自身或其下级',
    'en-US': '{field}: cannot be the item itself or one of its descendants',
  },
  'system.unknownPerms': {
    'zh-CN': '{field}：权限编码不存在：{codes}',
    'en-US': '{field}: no such permission code(s): {codes}',
  },
  'system.unknownIds': { 'zh-CN': '{field}：不存在：{ids}', 'en-US': '{field}: not found: {ids}' },
  'system.roleNotFound': { 'zh-CN': '角色不存在', 'en-US': 'Role not found' },
  'system.menuNotFound': { 'zh-CN': '菜单不存在', 'en-US': 'Menu not found' },
  'system.permNotFound': { 'zh-CN': '权限不存在', 'en-US': 'Permission not found' },
  'system.logNotFound': { 'zh-CN': '日志不存在', 'en-US': 'Log entry not found' },
  'system.deptDuplicate': {
    'zh-CN': 'name：同一上级部门下已有“{name}”',
    'en-US': 'name: "{name}" already exists under the same parent department',
  },
  'system.passwordReset': {
    'zh-CN': '密码已重置，该用户需在下次登录时修改密码，其所有会话已结束',
    'en-US': 'Password reset; the user must change it at next sign-in and all their sessions were ended',
  },
  'system.forcedLogout': { 'zh-CN': '已强制下线 {count} 个会话', 'en-US': 'Ended {count} session(s)' },
  'system.unlocked': { 'zh-CN': '已解除登录锁定', 'en-US': 'Sign-in lock removed' },
  'system.exportTooLarge': {
    'zh-CN': '导出结果超过 {max} 行，请缩小筛选范围',
    'en-US': 'The export would exceed {max} rows; narrow the filters',
  },
} as const satisfies Record<string, Texts>;
