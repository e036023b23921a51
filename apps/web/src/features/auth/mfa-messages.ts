import { accountEnUS } from '../../locale/account-en-us';
import { accountZhCN } from '../../locale/account-zh-cn';
import { registerMessages } from '../../lib/i18n';

// The second step's texts load with it, after a right password, not with the login page.
registerMessages({ 'zh-CN': accountZhCN, 'en-US': accountEnUS });
