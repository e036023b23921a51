import type { FormFieldDef } from '../../lib/form/schema-form';
import type { Translate } from '../../lib/i18n';
import { RegionCascader } from '../../lib/region-cascader';

/** A person's native place (picked from the region tree) and address: the last fields of the student and teacher forms. */
export function placeFields(t: Translate): FormFieldDef[] {
  return [
    {
      name: 'regionCode',
      label: t('profile.nativePlace'),
      kind: 'custom',
      isWide: true,
      control: <RegionCascader fieldLabel={t('profile.nativePlace')} />,
    },
    { name: 'address', label: t('profile.address'), kind: 'text', isWide: true },
  ];
}
