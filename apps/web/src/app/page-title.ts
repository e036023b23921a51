import { translate } from '../lib/i18n';

export function setPageTitle(localeKey: string): void {
  document.title = `${translate(localeKey)} · ${translate('app.title')}`;
}
