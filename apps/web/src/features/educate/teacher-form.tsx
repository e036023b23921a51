import { teacherCreateSchema, teacherUpdateSchema, type Teacher } from '@campus/contract';
import { FormDrawer } from '../../lib/form/form-drawer';
import type { FormFieldDef } from '../../lib/form/schema-form';
import { useT } from '../../lib/i18n';
import { useSaveRow, type RowEditor } from '../../lib/list-page/row-editor';
import { accountPicker, teacherApi } from './educate-api';
import { fieldLabel, valueOptions } from './educate-labels';
import { placeFields } from './place-fields';

/** The teacher list's add and edit drawer, loaded on the first open (as the student list's, issue 22). */
export function TeacherForm({ pageKey, editor }: { pageKey: string; editor: RowEditor<Teacher> }) {
  const t = useT();
  const label = (field: string) => fieldLabel(t, 'teacher', field);
  const fields: FormFieldDef[] = [
    { name: 'staffNo', label: label('staffNo'), kind: 'text', isRequired: true },
    { name: 'name', label: label('name'), kind: 'text', isRequired: true },
    { name: 'gender', label: label('gender'), kind: 'select', isRequired: true, options: valueOptions(t, 'gender') },
    { name: 'status', label: label('status'), kind: 'select', isRequired: true, options: valueOptions(t, 'staffStatus') },
    { name: 'subject', label: label('subject'), kind: 'text' },
    { name: 'title', label: label('title'), kind: 'text' },
    { name: 'phone', label: label('phone'), kind: 'text' },
    { name: 'email', label: label('email'), kind: 'text' },
    { name: 'hireDate', label: label('hireDate'), kind: 'date' },
    { name: 'userId', label: label('userId'), kind: 'lookup', isNullable: true, lookup: accountPicker },
    ...placeFields(t),
  ];

  const editRow = editor.row;
  const save = useSaveRow(pageKey, teacherApi, editor);
  return (
    <FormDrawer
      isOpen={editor.isOpen}
      title={t(editRow ? 'form.edit' : 'form.add', { thing: t('thing.teacher') })}
      schema={editRow ? teacherUpdateSchema : teacherCreateSchema}
      fields={fields}
      initialValues={editRow ? { ...editRow, userId: editRow.userId ?? undefined } : { gender: 'male', status: 'active' }}
      onSubmit={save}
      onClose={editor.close}
    />
  );
}
