import Alert from '@arco-design/web-react/es/Alert';
import Button from '@arco-design/web-react/es/Button';
import Drawer from '@arco-design/web-react/es/Drawer';
import Space from '@arco-design/web-react/es/Space';
import { useEffect } from 'react';
import type { z } from 'zod';
import { useT } from '../i18n';
import { SchemaForm, useSchemaForm, type FormFieldDef, type FormValues } from './schema-form';

interface FormDrawerProps {
  isOpen: boolean;
  title: string;
  schema: z.ZodType;
  fields: readonly FormFieldDef[];
  initialValues: FormValues;
  onSubmit: (body: Record<string, unknown>) => Promise<unknown>;
  onClose: () => void;
  width?: number;
}

/** Create and edit forms of people, rooms and terms: a drawer beside the list it changes. */
export function FormDrawer({ isOpen, title, schema, fields, initialValues, onSubmit, onClose, width = 560 }: FormDrawerProps) {
  const t = useT();
  const { form, submit, isSubmitting, formError, validateField, clearFormError } = useSchemaForm({ schema, fields, onSubmit });

  // A message from the last opening must not greet the next one.
  useEffect(() => {
    if (isOpen) clearFormError();
  }, [isOpen, clearFormError]);

  const save = async () => {
    if (await submit()) onClose();
  };

  return (
    <Drawer
      visible={isOpen}
      title={title}
      width={width}
      onCancel={onClose}
      unmountOnExit
      focusLock
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={isSubmitting} onClick={() => void save()}>
            {t('form.save')}
          </Button>
        </Space>
      }
    >
      {formError && <Alert type="error" content={formError} className="form-drawer-alert" style={{ marginBottom: 16 }} />}
      <SchemaForm form={form} initialValues={initialValues} fields={fields} validateField={validateField} onSubmit={() => void save()} />
    </Drawer>
  );
}
