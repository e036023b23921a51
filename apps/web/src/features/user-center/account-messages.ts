import { accountEnUS } from '../../locale/account-en-us';
import { accountZhCN } from '../../locale/account-zh-cn';
import { registerMessages } from '../../lib/i18n';

// The user center's texts load with its chunk, not with the login page.
registerMessages({ 'zh-CN': accountZhCN, 'en-US': accountEnUS });
