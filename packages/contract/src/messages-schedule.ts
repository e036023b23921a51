import type { Texts } from './messages.js';

/** Server messages of schedules, timetables and the clash engine. */
export const SCHEDULE_MESSAGES = {
  'schedule.placeholder': { 'zh-CN': '课表', 'en-US': 'Schedule' },
} as const satisfies Record<string, Texts>;
