import { accountEnUS } from '../../locale/account-en-us';
import { accountZhCN } from '../../locale/account-zh-cn';
import { registerMessages } from '../../lib/i18n';

// Session texts are shared with the user center's book; they load with this page.
registerMessages({ 'zh-CN': accountZhCN, 'en-US': accountEnUS });
