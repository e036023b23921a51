import { registerMessages } from '../../lib/i18n';
import '../../lib/list-page/list-messages';
import { scheduleEnUS } from '../../locale/schedule-en-us';
import { scheduleZhCN } from '../../locale/schedule-zh-cn';

// Shipped with the schedule and timetable chunks rather than the login one.
registerMessages({ 'zh-CN': scheduleZhCN, 'en-US': scheduleEnUS });
