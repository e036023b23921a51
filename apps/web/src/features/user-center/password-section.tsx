import Alert from '@arco-design/web-react/es/Alert';
import Button from '@arco-design/web-react/es/Button';
import Form from '@arco-design/web-react/es/Form';
import Grid from '@arco-design/web-react/es/Grid';
import Input from '@arco-design/web-react/es/Input';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@campus/contract';
import { useMutation } from '@tanstack/react-query';
import { leaveAndSignOut } from '../../lib/auth';
import { showSuccess } from '../../lib/feedback';
import { useT } from '../../lib/i18n';
import { ApiError } from '../../lib/request';
import { Section } from './section';
import { changeOwnPassword } from './user-center-api';

interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Change one's own password; afterwards this browser signs in again (the server ends the other sessions). */
export function PasswordSection() {
  const t = useT();
  const [form] = Form.useForm<PasswordForm>();
  const change = useMutation({
    mutationFn: (values: PasswordForm) => changeOwnPassword(values.oldPassword, values.newPassword),
    onSuccess: async (msg) => {
      showSuccess(msg);
      await leaveAndSignOut();
    },
  });
  const required = { required: true, message: t('changePassword.required') };
  const error = change.error instanceof ApiError ? change.error.message : change.error ? t('request.http.default') : '';

  async function submit() {
    const values = await form.validate();
    change.mutate(values);
  }

  return (
    <Section title={t('uc.password.title')} desc={t('uc.password.desc')}>
      {error && <Alert type="error" className="uc-alert" content={error} />}
      <Form form={form} layout="vertical" autoComplete="off" onSubmit={() => void submit().catch(() => undefined)}>
        <Grid.Row gutter={16}>
          <Grid.Col xs={24} md={8}>
            <Form.Item label={t('changePassword.old')} field="oldPassword" rules={[required]}>
              <Input.Password autoComplete="current-password" maxLength={PASSWORD_MAX_LENGTH} />
            </Form.Item>
          </Grid.Col>
          <Grid.Col xs={24} md={8}>
            <Form.Item
              label={t('changePassword.new')}
              field="newPassword"
              rules={[
                required,
                { minLength: PASSWORD_MIN_LENGTH, message: t('changePassword.tooShort', { min: PASSWORD_MIN_LENGTH }) },
                {
                  validator: (value: string | undefined, callback) =>
                    callback(value && value === form.getFieldValue('oldPassword') ? t('changePassword.sameAsOld') : undefined),
                },
              ]}
            >
              <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} />
            </Form.Item>
          </Grid.Col>
          <Grid.Col xs={24} md={8}>
            <Form.Item
              label={t('changePassword.confirm')}
              field="confirmPassword"
              dependencies={['newPassword']}
              rules={[
                required,
                {
                  validator: (value: string | undefined, callback) =>
                    callback(value && value !== form.getFieldValue('newPassword') ? t('changePassword.mismatch') : undefined),
                },
              ]}
            >
              <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} />
            </Form.Item>
          </Grid.Col>
        </Grid.Row>
        <div>
          <Button type="primary" htmlType="submit" loading={change.isPending}>
            {t('changePassword.submit')}
          </Button>
        </div>
      </Form>
    </Section>
  );
}
