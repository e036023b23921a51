import { systemEnUS } from '../../locale/system-en-us';
import { systemZhCN } from '../../locale/system-zh-cn';
import { registerMessages } from '../../lib/i18n';

// The system pages' texts load with those pages, not with the login chunk.
registerMessages({ 'zh-CN': systemZhCN, 'en-US': systemEnUS });
