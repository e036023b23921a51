import DatePicker from '@arco-design/web-react/es/DatePicker';
import Form, { type FormInstance } from '@arco-design/web-react/es/Form';
import Grid from '@arco-design/web-react/es/Grid';
import Input from '@arco-design/web-react/es/Input';
import InputNumber from '@arco-design/web-react/es/InputNumber';
import Select from '@arco-design/web-react/es/Select';
import Switch from '@arco-design/web-react/es/Switch';
import TreeSelect from '@arco-design/web-react/es/TreeSelect';
import { useCallback, useId, useState, type ReactElement } from 'react';
import type { z } from 'zod';
import { getLocale, useT } from '../i18n';
import { PagedSelect, type PagedSource } from '../paged-select';
import { readServerFieldErrors, validateBody, type FieldMessages } from './field-errors';
import '../list-page/list-messages';

export interface FormFieldDef {
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'select' | 'multiselect' | 'tree' | 'lookup' | 'password' | 'date' | 'number' | 'switch' | 'custom';
  /** A `custom` field's control: the form passes it value and onChange (a region picker...). */
  control?: ReactElement;
  options?: { value: string | number; label: string }[];
  /** Choices of a `tree` field (a parent department, a parent menu). */
  treeData?: FormTreeNode[];
  /** Where a `lookup` field searches and pages its choices (an account among thousands). */
  lookup?: PagedSource;
  isRequired?: boolean;
  /** An optional reference (user, department): empty clears it rather than leaving it as it was. */
  isNullable?: boolean;
  placeholder?: string;
  min?: number;
  precision?: number;
  /** Takes the whole row of a two-column form. */
  isWide?: boolean;
}

export interface FormTreeNode {
  key: string;
  title: string;
  children?: FormTreeNode[];
}

export type FormValues = Record<string, unknown>;

/** The request body of the form's values: blanks as the server reads "no value". */
export function buildFormBody(fields: readonly FormFieldDef[], values: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of fields) {
    const value = values[f.name];
    if (f.kind === 'switch') body[f.name] = Boolean(value);
    // Form encoding drops an empty array, so "none" travels as '' (the contract reads it so).
    else if (f.kind === 'multiselect') body[f.name] = Array.isArray(value) && value.length > 0 ? value : '';
    else if (f.kind === 'tree') body[f.name] = value === undefined || value === null || value === '' ? '' : Number(value);
    else if (f.kind === 'number' || f.kind === 'lookup') {
      if (typeof value === 'number') body[f.name] = value;
      else if (f.isNullable) body[f.name] = '';
    } else if (f.kind === 'select' && typeof value === 'number') body[f.name] = value;
    else body[f.name] = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  }
  return body;
}

interface UseSchemaFormOptions {
  schema: z.ZodType;
  fields: readonly FormFieldDef[];
  onSubmit: (body: Record<string, unknown>) => Promise<unknown>;
}

/**
 * An Arco form validated by the contract schema the server uses: same rules,
 * same field names, same wording. A server refusal naming fields (a 400's
 * rules, a 409 duplicate: `data.errors`) lands on those fields; any other
 * failure shows above the form.
 */
export function useSchemaForm({ schema, fields, onSubmit }: UseSchemaFormOptions) {
  const [form] = Form.useForm<FormValues>();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [formError, setFormError] = useState('');
  const labels = Object.fromEntries(fields.map((f) => [f.name, f.label]));

  const showFieldErrors = (messages: FieldMessages) => {
    const entries = Object.entries(messages).filter(([name]) => name in labels);
    form.setFields(Object.fromEntries(entries.map(([name, message]) => [name, { error: { message } }])));
    return entries.length;
  };

  const validateField = (name: string): string | undefined => {
    const body = buildFormBody(fields, form.getFieldsValue());
    return validateBody(schema, body, getLocale(), labels)[name];
  };

  const submit = async (): Promise<boolean> => {
    setFormError('');
    const body = buildFormBody(fields, form.getFieldsValue());
    const messages = validateBody(schema, body, getLocale(), labels);
    if (Object.keys(messages).length > 0) {
      if (showFieldErrors(messages) === 0) setFormError(Object.values(messages).join('; '));
      return false;
    }
    setIsSubmitting(true);
    try {
      await onSubmit(body);
      return true;
    } catch (error) {
      const serverMessages = readServerFieldErrors(error, labels);
      const shown = showFieldErrors(serverMessages);
      if (shown === 0 || Object.keys(serverMessages).length > shown) setFormError(error instanceof Error ? error.message : String(error));
      return false;
    } finally {
      setIsSubmitting(false);
    }
  };

  const clearFormError = useCallback(() => setFormError(''), []);
  return { form, submit, isSubmitting, formError, validateField, clearFormError };
}

interface SchemaFormProps {
  form: FormInstance<FormValues>;
  /** Read when the form mounts (drawers unmount on close, so each opening starts afresh). */
  initialValues: FormValues;
  fields: readonly FormFieldDef[];
  validateField: (name: string) => string | undefined;
  onSubmit: () => void;
  columns?: 1 | 2;
}

/**
 * Every field of the form with its starting value, blanks included. Arco's form
 * store outlives the <Form> (the drawer keeps its form instance), and a mount
 * only writes the keys it is given: a key left out would keep the value of the
 * row edited last. Naming every field makes each opening start from exactly
 * these values.
 */
export function completeInitialValues(fields: readonly FormFieldDef[], initialValues: FormValues): FormValues {
  return { ...Object.fromEntries(fields.map((f) => [f.name, undefined])), ...initialValues };
}

export function SchemaForm({ form, initialValues, fields, validateField, onSubmit, columns = 2 }: SchemaFormProps) {
  const t = useT();
  const formId = useId().replace(/:/g, '');
  const [startValues] = useState(() => completeInitialValues(fields, initialValues));
  return (
    <Form
      form={form}
      initialValues={startValues}
      id={`form-${formId}`}
      layout="vertical"
      autoComplete="off"
      validateTrigger="onBlur"
      onSubmit={onSubmit}
      scrollToFirstError
    >
      <Grid.Row gutter={16}>
        {fields.map((f) => (
          // Two fields a row, one on a phone (Arco's xs: a window under 576 px).
          <Grid.Col key={f.name} span={columns === 1 || f.isWide ? 24 : 12} xs={24}>
            <Form.Item
              field={f.name}
              label={f.label}
              required={f.isRequired}
              triggerPropName={f.kind === 'switch' ? 'checked' : undefined}
              rules={[
                {
                  validator: (_value: unknown, callback: (error?: string) => void) => callback(validateField(f.name)),
                },
              ]}
            >
              {renderControl(f, t)}
            </Form.Item>
          </Grid.Col>
        ))}
      </Grid.Row>
      {/* Enter in a text box submits, as in any form. */}
      <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
    </Form>
  );
}

function renderControl(f: FormFieldDef, t: ReturnType<typeof useT>) {
  const isPicker = f.kind === 'select' || f.kind === 'multiselect' || f.kind === 'tree' || f.kind === 'lookup' || f.kind === 'date';
  const placeholder = f.placeholder ?? t(isPicker ? 'form.select' : 'form.input', { field: f.label });
  switch (f.kind) {
    case 'textarea':
      return <Input.TextArea placeholder={placeholder} autoSize={{ minRows: 2, maxRows: 6 }} />;
    case 'select':
      return <Select placeholder={placeholder} options={f.options} allowClear={!f.isRequired} showSearch />;
    case 'multiselect':
      return <Select mode="multiple" placeholder={placeholder} options={f.options} allowClear showSearch />;
    case 'tree':
      return <TreeSelect placeholder={placeholder} treeData={f.treeData} allowClear showSearch />;
    case 'lookup':
      return f.lookup ? <PagedSelect {...f.lookup} placeholder={placeholder} allowClear={!f.isRequired} /> : null;
    case 'password':
      return <Input.Password placeholder={placeholder} autoComplete="new-password" />;
    case 'date':
      return <DatePicker placeholder={placeholder} style={{ width: '100%' }} />;
    case 'number':
      return <InputNumber placeholder={placeholder} min={f.min} precision={f.precision} style={{ width: '100%' }} />;
    case 'switch':
      return <Switch />;
    case 'custom':
      return f.control ?? <Input placeholder={placeholder} />;
    default:
      return <Input placeholder={placeholder} />;
  }
}
