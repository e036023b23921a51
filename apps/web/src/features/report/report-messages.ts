import { registerMessages } from '../../lib/i18n';
import { reportEnUS } from '../../locale/report-en-us';
import { reportZhCN } from '../../locale/report-zh-cn';

// Shipped with the summary report's chunk rather than the login one.
registerMessages({ 'en-US': reportEnUS, 'zh-CN': reportZhCN });
