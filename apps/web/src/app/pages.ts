import { RouteName } from '@campus/contract';
import type { ComponentType } from 'react';
import { createFramedPage } from './page-loading';

type PageModule = Promise<{ Component: ComponentType }>;
export type PageLoader = () => PageModule;

/** The route waits for the module: for the layout itself, and pages that show nothing of their own. */
function page<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): PageLoader {
  return () => load().then((m) => ({ Component: pick(m) }));
}

/** The route opens at once with the page's frame; the page fills it when its module has loaded (page-loading.tsx). */
function framedPage<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): PageLoader {
  const Component = createFramedPage(load, pick);
  return () => Promise.resolve({ Component });
}

/** Every page but the login page (in the entry chunk, router.tsx) is its own chunk, loaded on first visit. */
export const PAGE_LOADERS: Record<string, PageLoader> = {
  [RouteName.workplace]: framedPage(
    () => import('../features/dashboard/workplace-page'),
    (m) => m.WorkplacePage,
  ),
  [RouteName.student]: framedPage(
    () => import('../features/educate/student-page'),
    (m) => m.StudentPage,
  ),
  [RouteName.teacher]: framedPage(
    () => import('../features/educate/teacher-page'),
    (m) => m.TeacherPage,
  ),
  [RouteName.manager]: framedPage(
    () => import('../features/educate/manager-page'),
    (m) => m.ManagerPage,
  ),
  [RouteName.course]: framedPage(
    () => import('../features/educate/course-page'),
    (m) => m.CoursePage,
  ),
  [RouteName.room]: framedPage(
    () => import('../features/educate/room-page'),
    (m) => m.RoomPage,
  ),
  [RouteName.term]: framedPage(
    () => import('../features/educate/term-page'),
    (m) => m.TermPage,
  ),
  [RouteName.courseAdd]: framedPage(
    () => import('../features/educate/course-add-page'),
    (m) => m.CourseAddPage,
  ),
  [RouteName.courseEdit]: framedPage(
    () => import('../features/educate/course-edit-page'),
    (m) => m.CourseEditPage,
  ),
  [RouteName.courseSchedule]: framedPage(
    () => import('../features/educate/course-schedule-page'),
    (m) => m.CourseSchedulePage,
  ),
  [RouteName.timetable]: framedPage(
    () => import('../features/educate/timetable-page'),
    (m) => m.TimetablePage,
  ),
  [RouteName.timetablePlan]: framedPage(
    () => import('../features/timetable-plans/plans-page'),
    (m) => m.TimetablePlansPage,
  ),
  [RouteName.timetablePlanEdit]: framedPage(
    () => import('../features/timetable-plans/plan-editor-page'),
    (m) => m.TimetablePlanEditorPage,
  ),
  [RouteName.schoolClass]: framedPage(
    () => import('../features/educate/class-page'),
    (m) => m.ClassPage,
  ),
  [RouteName.classDetail]: framedPage(
    () => import('../features/educate/class-detail-page'),
    (m) => m.ClassDetailPage,
  ),
  [RouteName.schoolYear]: framedPage(
    () => import('../features/educate/school-year-page'),
    (m) => m.SchoolYearPage,
  ),
  [RouteName.summary]: framedPage(
    () => import('../features/report/summary-page'),
    (m) => m.SummaryPage,
  ),
  [RouteName.user]: framedPage(
    () => import('../features/system/user-page'),
    (m) => m.UserPage,
  ),
  [RouteName.role]: framedPage(
    () => import('../features/system/role-page'),
    (m) => m.RolePage,
  ),
  [RouteName.roleUser]: framedPage(
    () => import('../features/system/role-user-page'),
    (m) => m.RoleUserPage,
  ),
  [RouteName.roleMenu]: framedPage(
    () => import('../features/system/role-menu-page'),
    (m) => m.RoleMenuPage,
  ),
  [RouteName.rolePerm]: framedPage(
    () => import('../features/system/role-perm-page'),
    (m) => m.RolePermPage,
  ),
  [RouteName.menu]: framedPage(
    () => import('../features/system/menu-page'),
    (m) => m.MenuPage,
  ),
  [RouteName.perm]: framedPage(
    () => import('../features/system/perm-page'),
    (m) => m.PermPage,
  ),
  [RouteName.dept]: framedPage(
    () => import('../features/system/dept-page'),
    (m) => m.DeptPage,
  ),
  [RouteName.operLog]: framedPage(
    () => import('../features/system/operlog-page'),
    (m) => m.OperLogPage,
  ),
  [RouteName.resetPassword]: framedPage(
    () => import('../features/system/reset-password-page'),
    (m) => m.ResetPasswordPage,
  ),
  [RouteName.notice]: framedPage(
    () => import('../features/system/notice-page'),
    (m) => m.NoticePage,
  ),
  [RouteName.monitor]: framedPage(
    () => import('../features/monitor/monitor-page'),
    (m) => m.MonitorPage,
  ),
  [RouteName.job]: framedPage(
    () => import('../features/jobs/job-page'),
    (m) => m.JobPage,
  ),
  [RouteName.studentProfile]: framedPage(
    () => import('../features/educate/student-profile-page'),
    (m) => m.StudentProfilePage,
  ),
  [RouteName.teacherProfile]: framedPage(
    () => import('../features/educate/teacher-profile-page'),
    (m) => m.TeacherProfilePage,
  ),
  [RouteName.onlineUser]: framedPage(
    () => import('../features/online-users/online-users-page'),
    (m) => m.OnlineUsersPage,
  ),
  [RouteName.userCenter]: framedPage(
    () => import('../features/user-center/user-center-page'),
    (m) => m.UserCenterPage,
  ),
  [RouteName.redirect]: page(
    () => import('../features/redirect/redirect-page'),
    (m) => m.RedirectPage,
  ),
};

export const loadNotFoundPage = page(
  () => import('../features/exception/not-found-page'),
  (m) => m.NotFoundPage,
);
export const loadDefaultLayout = page(
  () => import('./layout/default-layout'),
  (m) => m.DefaultLayout,
);
