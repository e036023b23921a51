import Alert from '@arco-design/web-react/es/Alert';
import Button from '@arco-design/web-react/es/Button';
import { profileUpdateSchema, type CurrentUser } from '@campus/contract';
import { showSuccess } from '../../lib/feedback';
import { SchemaForm, useSchemaForm, type FormFieldDef } from '../../lib/form/schema-form';
import { useT } from '../../lib/i18n';
import { updateProfile } from './user-center-api';

/** One's own editable fields, checked by the contract's schema before they leave and by the server after. */
export function ProfileForm({ user }: { user: CurrentUser }) {
  const t = useT();
  const fields: FormFieldDef[] = [
    { name: 'nickname', label: t('uc.field.nickname'), kind: 'text', isRequired: true },
    { name: 'phone', label: t('uc.field.phone'), kind: 'text' },
    { name: 'email', label: t('uc.field.email'), kind: 'text' },
    { name: 'job', label: t('uc.field.job'), kind: 'text' },
    { name: 'organization', label: t('uc.field.organization'), kind: 'text' },
    // A text until regions exist; the region picker replaces it then.
    { name: 'location', label: t('uc.field.location'), kind: 'text', placeholder: t('uc.field.locationHint') },
    {
      name: 'personalWebsite',
      label: t('uc.field.personalWebsite'),
      kind: 'text',
      placeholder: t('uc.field.personalWebsiteHint'),
      isWide: true,
    },
    { name: 'introduction', label: t('uc.field.introduction'), kind: 'textarea', isWide: true },
  ];
  const { form, submit, isSubmitting, formError, validateField } = useSchemaForm({
    schema: profileUpdateSchema,
    fields,
    onSubmit: async (body) => {
      await updateProfile(body);
      showSuccess(t('uc.profile.saved'));
    },
  });
  const initialValues = {
    nickname: user.nickname,
    phone: user.phone,
    email: user.email,
    job: user.job || user.jobName,
    organization: user.organization || user.organizationName,
    location: user.location || user.locationName,
    personalWebsite: user.personalWebsite,
    introduction: user.introduction,
  };
  return (
    <div className="uc-profile-form">
      {formError && <Alert type="error" className="uc-alert" content={formError} />}
      <SchemaForm form={form} initialValues={initialValues} fields={fields} validateField={validateField} onSubmit={() => void submit()} />
      <Button type="primary" loading={isSubmitting} onClick={() => void submit()}>
        {t('uc.profile.save')}
      </Button>
    </div>
  );
}
