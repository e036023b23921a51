import { opsEnUS } from '../locale/ops-en-us';
import { opsZhCN } from '../locale/ops-zh-cn';
import { registerMessages } from './i18n';

// Shipped with the monitor, scheduled tasks, region picker and profile chunks rather than the login one.
registerMessages({ 'en-US': opsEnUS, 'zh-CN': opsZhCN });
