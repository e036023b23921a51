import { registerMessages } from '../../lib/i18n';
import { timetablePlanEnUS } from '../../locale/timetable-plan-en-us';
import { timetablePlanZhCN } from '../../locale/timetable-plan-zh-cn';

// Shipped with the timetable-plan chunks rather than the login one.
registerMessages({ 'zh-CN': timetablePlanZhCN, 'en-US': timetablePlanEnUS });
