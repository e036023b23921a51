import { registerMessages } from '../../lib/i18n';
import { dashboardEnUS } from '../../locale/dashboard-en-us';
import { dashboardZhCN } from '../../locale/dashboard-zh-cn';

// Shipped with the Workplace data cards's chunk rather than the login one.
registerMessages({ 'en-US': dashboardEnUS, 'zh-CN': dashboardZhCN });
