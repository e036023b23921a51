import { RouteName } from '@campus/contract';
import type { ComponentType } from 'react';

type PageModule = Promise<{ Component: ComponentType }>;
export type PageLoader = () => PageModule;

function page<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): PageLoader {
  return () => load().then((m) => ({ Component: pick(m) }));
}

/** Every page but the login page (in the entry chunk, router.tsx) is its own chunk, loaded on first visit. */
export const PAGE_LOADERS: Record<string, PageLoader> = {
  [RouteName.workplace]: page(
    () => import('../features/dashboard/workplace-page'),
    (m) => m.WorkplacePage,
  ),
  [RouteName.student]: page(
    () => import('../features/educate/student-page'),
    (m) => m.StudentPage,
  ),
  [RouteName.teacher]: page(
    () => import('../features/educate/teacher-page'),
    (m) => m.TeacherPage,
  ),
  [RouteName.manager]: page(
    () => import('../features/educate/manager-page'),
    (m) => m.ManagerPage,
  ),
  [RouteName.course]: page(
    () => import('../features/educate/course-page'),
    (m) => m.CoursePage,
  ),
  [RouteName.room]: page(
    () => import('../features/educate/room-page'),
    (m) => m.RoomPage,
  ),
  [RouteName.term]: page(
    () => import('../features/educate/term-page'),
    (m) => m.TermPage,
  ),
  [RouteName.courseAdd]: page(
    () => import('../features/educate/course-add-page'),
    (m) => m.CourseAddPage,
  ),
  [RouteName.courseEdit]: page(
    () => import('../features/educate/course-edit-page'),
    (m) => m.CourseEditPage,
  ),
  [RouteName.courseSchedule]: page(
    () => import('../features/educate/course-schedule-page'),
    (m) => m.CourseSchedulePage,
  ),
  [RouteName.timetable]: page(
    () => import('../features/educate/timetable-page'),
    (m) => m.TimetablePage,
  ),
  [RouteName.timetablePlan]: page(
    () => import('../features/timetable-plans/plans-page'),
    (m) => m.TimetablePlansPage,
  ),
  [RouteName.timetablePlanEdit]: page(
    () => import('../features/timetable-plans/plan-editor-page'),
    (m) => m.TimetablePlanEditorPage,
  ),
  [RouteName.schoolClass]: page(
    () => import('../features/educate/class-page'),
    (m) => m.ClassPage,
  ),
  [RouteName.classDetail]: page(
    () => import('../features/educate/class-detail-page'),
    (m) => m.ClassDetailPage,
  ),
  [RouteName.schoolYear]: page(
    () => import('../features/educate/school-year-page'),
    (m) => m.SchoolYearPage,
  ),
  [RouteName.summary]: page(
    () => import('../features/report/summary-page'),
    (m) => m.SummaryPage,
  ),
  [RouteName.user]: page(
    () => import('../features/system/user-page'),
    (m) => m.UserPage,
  ),
  [RouteName.role]: page(
    () => import('../features/system/role-page'),
    (m) => m.RolePage,
  ),
  [RouteName.roleUser]: page(
    () => import('../features/system/role-user-page'),
    (m) => m.RoleUserPage,
  ),
  [RouteName.roleMenu]: page(
    () => import('../features/system/role-menu-page'),
    (m) => m.RoleMenuPage,
  ),
  [RouteName.rolePerm]: page(
    () => import('../features/system/role-perm-page'),
    (m) => m.RolePermPage,
  ),
  [RouteName.menu]: page(
    () => import('../features/system/menu-page'),
    (m) => m.MenuPage,
  ),
  [RouteName.perm]: page(
    () => import('../features/system/perm-page'),
    (m) => m.PermPage,
  ),
  [RouteName.dept]: page(
    () => import('../features/system/dept-page'),
    (m) => m.DeptPage,
  ),
  [RouteName.operLog]: page(
    () => import('../features/system/operlog-page'),
    (m) => m.OperLogPage,
  ),
  [RouteName.resetPassword]: page(
    () => import('../features/system/reset-password-page'),
    (m) => m.ResetPasswordPage,
  ),
  [RouteName.notice]: page(
    () => import('../features/system/notice-page'),
    (m) => m.NoticePage,
  ),
  [RouteName.monitor]: page(
    () => import('../features/monitor/monitor-page'),
    (m) => m.MonitorPage,
  ),
  [RouteName.job]: page(
    () => import('../features/jobs/job-page'),
    (m) => m.JobPage,
  ),
  [RouteName.studentProfile]: page(
    () => import('../features/educate/student-profile-page'),
    (m) => m.StudentProfilePage,
  ),
  [RouteName.teacherProfile]: page(
    () => import('../features/educate/teacher-profile-page'),
    (m) => m.TeacherProfilePage,
  ),
  [RouteName.onlineUser]: page(
    () => import('../features/online-users/online-users-page'),
    (m) => m.OnlineUsersPage,
  ),
  [RouteName.userCenter]: page(
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
