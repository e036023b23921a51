import Alert from '@arco-design/web-react/es/Alert';
import Form from '@arco-design/web-react/es/Form';
import Input from '@arco-design/web-react/es/Input';
import Modal from '@arco-design/web-react/es/Modal';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@campus/contract';
import { useMutation } from '@tanstack/react-query';
import { encryptPassword } from '../../lib/crypto';
import { showSuccess } from '../../lib/feedback';
import { useT } from '../../lib/i18n';
import { changeOwnPassword, leaveAndSignOut } from '../../lib/auth';
import { ApiError } from '../../lib/request';

interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

interface ChangePasswordModalProps {
  isOpen: boolean;
  /** A reset password must be changed before anything else (docs/api-conventions.md, mustChangePassword). */
  isForced: boolean;
  onClose: () => void;
}

export function ChangePasswordModal({ isOpen, isForced, onClose }: ChangePasswordModalProps) {
  const t = useT();
  const [form] = Form.useForm<PasswordForm>();
  const change = useMutation({
    mutationFn: async (values: PasswordForm) => {
      const [oldPassword, newPassword] = await Promise.all([encryptPassword(values.oldPassword), encryptPassword(values.newPassword)]);
      return changeOwnPassword(oldPassword, newPassword);
    },
    onSuccess: async (msg) => {
      // The server ends every session of this user, this one included.
      showSuccess(msg);
      onClose();
      await leaveAndSignOut();
    },
  });

  async function submit() {
    const values = await form.validate();
    change.mutate(values);
  }

  const required = { required: true, message: t('changePassword.required') };
  const error = change.error instanceof ApiError ? change.error.message : change.error ? t('request.http.default') : '';
  return (
    <Modal
      title={t('changePassword.title')}
      visible={isOpen}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      okText={t('changePassword.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={change.isPending}
      closable={!isForced}
      maskClosable={!isForced}
      escToExit={!isForced}
      cancelButtonProps={isForced ? { style: { display: 'none' } } : undefined}
      afterClose={() => {
        form.resetFields();
        change.reset();
      }}
      unmountOnExit
    >
      {isForced && <Alert type="warning" className="password-alert" content={t('changePassword.forced')} />}
      {error && <Alert type="error" className="password-alert" content={error} />}
      <Form form={form} layout="vertical" autoComplete="off" onSubmit={() => void submit().catch(() => undefined)}>
        <Form.Item label={t('changePassword.old')} field="oldPassword" rules={[required]}>
          <Input.Password autoComplete="current-password" maxLength={PASSWORD_MAX_LENGTH} />
        </Form.Item>
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
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}
