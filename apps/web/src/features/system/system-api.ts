import type {
  Dept,
  DeptNode,
  LockedUser,
  Loginlog,
  OperlogItem,
  Role,
  SystemMenu,
  SystemMenuNode,
  SystemPerm,
  SystemUser,
} from '@campus/contract';
import { encryptPassword } from '../../lib/crypto';
import { toListParams, type ListQuery, type PageResult } from '../../lib/list-page/list-query';
import { createResourceApi } from '../../lib/list-page/resource-api';
import { request } from '../../lib/request';

export const userApi = createResourceApi<SystemUser>('/system/users');
export const roleApi = createResourceApi<Role>('/system/roles');
export const permApi = createResourceApi<SystemPerm>('/system/perms');
export const menuApi = createResourceApi<SystemMenu>('/system/menus');
export const deptApi = createResourceApi<Dept>('/system/depts');

/** The system pages' query keys (system data is not per campus). */
export const systemKeys = {
  lockedUsers: ['system', 'locked-users'] as const,
  roleScopeChoices: (camId: number) => ['system', 'role-scope-choices', camId] as const,
  deptTree: ['system', 'dept-tree'] as const,
  deptTable: ['system', 'dept-table'] as const,
  menuTree: ['system', 'menu-tree'] as const,
  menuTable: ['system', 'menu-table'] as const,
  permGroups: ['system', 'perm-groups'] as const,
  permOptions: ['system', 'perm-options'] as const,
  roleOptions: ['system', 'role-options'] as const,
  campusOptions: ['system', 'campus-options'] as const,
  userOptions: ['system', 'user-options'] as const,
  userSearch: (keyword: string) => ['system', 'user-search', keyword] as const,
  role: (roleId: number) => ['system', 'role', roleId] as const,
  roleUsers: (roleId: number) => ['system', 'role-users', roleId] as const,
  roleMenus: (roleId: number) => ['system', 'role-menus', roleId] as const,
  rolePerms: (roleId: number) => ['system', 'role-perms', roleId] as const,
  operlog: (id: number | null) => ['system', 'operlog', id] as const,
};

export interface PermGroup {
  module: string;
  perms: SystemPerm[];
}

export interface CampusOption {
  cam_id: number;
  name: string;
  code: string;
}

export interface RoleUsers {
  userIds: number[];
  users: { id: number; username: string; nickname: string; status: 'active' | 'disabled' }[];
}

export interface ResetResult {
  password: string | null;
  sessionsEnded: number;
}

const local = { errorHandling: 'local' } as const;

/** Form encoding drops an empty array; the contract reads '' as "none". */
function encodeIds(ids: number[]): number[] | '' {
  return ids.length > 0 ? ids : '';
}

export async function fetchMenuTree(): Promise<SystemMenuNode[]> {
  return (await request.get<SystemMenuNode[]>('/system/menus/tree', undefined, local)).data;
}

export async function fetchDeptTree(filters: { keyword?: string; status?: string } = {}): Promise<DeptNode[]> {
  return (await request.get<DeptNode[]>('/system/depts', filters, local)).data;
}

export async function fetchPermGroups(): Promise<PermGroup[]> {
  return (await request.get<PermGroup[]>('/system/perms/groups', undefined, local)).data;
}

/** The caller's own campuses: the only ones an admin may grant (API refuses others). */
export async function fetchCampuses(): Promise<CampusOption[]> {
  return (await request.get<CampusOption[]>('/campus/list', undefined, local)).data;
}

/** Picker options: the first page the server allows (200) covers a school's roles. */
export async function fetchAllRoles(): Promise<Role[]> {
  return (await request.get<PageResult<Role>>('/system/roles', { page: 1, pageSize: 200, sort: 'sort:asc' }, local)).data.list;
}

export async function searchUsers(keyword: string): Promise<SystemUser[]> {
  const params = { page: 1, pageSize: 200, sort: 'username:asc', keyword: keyword.trim() || undefined };
  return (await request.get<PageResult<SystemUser>>('/system/users', params, local)).data.list;
}

export async function createUser(body: Record<string, unknown>): Promise<SystemUser & { password?: string }> {
  const password = typeof body.password === 'string' && body.password !== '' ? await encryptPassword(body.password) : undefined;
  const rest = Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'password'));
  const created = await request.post<SystemUser & { password?: string }>('/system/users', password ? { ...rest, password } : rest, local);
  return created.data;
}

export async function setUserStatus(id: number, status: 'active' | 'disabled'): Promise<void> {
  await request.put<SystemUser>(`/system/users/${id}/status`, { status });
}

/** A typed password travels encrypted as at login; none asks the server for a random one (answered once). */
export async function resetUserPassword(id: number, typed: string | null): Promise<ResetResult> {
  const body = typed ? { password: await encryptPassword(typed) } : {};
  return (await request.post<ResetResult>(`/system/users/${id}/reset-password`, body, local)).data;
}

export async function forceLogoutUser(id: number): Promise<string> {
  return (await request.post<{ sessionsEnded: number }>(`/system/users/${id}/logout`)).msg;
}

/** Removes a user's second factors and ends their sessions; they are told in their message box. */
export async function resetUserMfa(id: number): Promise<string> {
  return (await request.delete<{ sessionsEnded: number }>(`/system/users/${id}/mfa`)).msg;
}

export async function unlockUser(id: number): Promise<string> {
  return (await request.post<SystemUser>(`/system/users/${id}/unlock`)).msg;
}

export async function fetchRole(id: number): Promise<Role> {
  return (await request.get<Role>(`/system/roles/${id}`, undefined, local)).data;
}

export async function fetchRoleUsers(id: number): Promise<RoleUsers> {
  return (await request.get<RoleUsers>(`/system/roles/${id}/users`, undefined, local)).data;
}

export async function saveRoleUsers(id: number, userIds: number[]): Promise<void> {
  await request.put<unknown>(`/system/roles/${id}/users`, { userIds: encodeIds(userIds) });
}

export async function fetchRoleMenus(id: number): Promise<number[]> {
  return (await request.get<{ menuIds: number[] }>(`/system/roles/${id}/menus`, undefined, local)).data.menuIds;
}

export async function saveRoleMenus(id: number, menuIds: number[]): Promise<void> {
  await request.put<unknown>(`/system/roles/${id}/menus`, { menuIds: encodeIds(menuIds) });
}

export async function fetchRolePerms(id: number): Promise<number[]> {
  return (await request.get<{ permIds: number[] }>(`/system/roles/${id}/perms`, undefined, local)).data.permIds;
}

export async function saveRolePerms(id: number, permIds: number[]): Promise<void> {
  await request.put<unknown>(`/system/roles/${id}/perms`, { permIds: encodeIds(permIds) });
}

/** The operation log has no keyword: the search box looks for a user. */
export async function fetchOperlogs(query: ListQuery): Promise<PageResult<OperlogItem>> {
  const { keyword, ...params } = toListParams(query);
  const res = await request.get<PageResult<OperlogItem>>('/system/operlogs', { ...params, sort: undefined, username: keyword }, local);
  return res.data;
}

export async function fetchOperlog(id: number): Promise<OperlogItem> {
  return (await request.get<OperlogItem>(`/system/operlogs/${id}`, undefined, local)).data;
}

/** Sign-in attempts: the search box looks for what was typed as the user name. */
export async function fetchLoginlogs(query: ListQuery): Promise<PageResult<Loginlog>> {
  const { keyword, ...params } = toListParams(query);
  const res = await request.get<PageResult<Loginlog>>('/system/loginlogs', { ...params, sort: undefined, username: keyword }, local);
  return res.data;
}

export async function fetchLockedUsers(): Promise<LockedUser[]> {
  return (await request.get<LockedUser[]>('/system/loginlogs/locked', undefined, local)).data;
}

/** Codes for the menu form's perms picker: the whole catalogue. */
export async function fetchAllPerms(): Promise<SystemPerm[]> {
  return (await fetchPermGroups()).flatMap((g) => g.perms);
}

export interface ScopeChoice {
  value: number;
  label: string;
}

/** Grades and classes of the current campus: what a role's data scope can name. */
export async function fetchScopeChoices(): Promise<{ grades: ScopeChoice[]; classes: ScopeChoice[] }> {
  const page = { page: 1, pageSize: 200 };
  const [grades, classes] = await Promise.all([
    request.get<PageResult<{ id: number; name: string }>>('/educate/grades', { ...page, sort: 'order:asc' }, { errorHandling: 'local' }),
    request.get<PageResult<{ id: number; name: string; gradeId: number }>>(
      '/educate/classes',
      { ...page, status: 'active' },
      { errorHandling: 'local' },
    ),
  ]);
  const gradeList = grades.data.list;
  const gradeName = (id: number) => gradeList.find((g) => g.id === id)?.name ?? '';
  return {
    grades: gradeList.map((g) => ({ value: g.id, label: g.name })),
    classes: classes.data.list.map((c) => ({ value: c.id, label: `${gradeName(c.gradeId)} ${c.name}`.trim() })),
  };
}
