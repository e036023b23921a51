import { studentCreateSchema, studentUpdateSchema, type Student } from '@campus/contract';
import { FormDrawer } from '../../lib/form/form-drawer';
import type { FormFieldDef } from '../../lib/form/schema-form';
import { useT } from '../../lib/i18n';
import { useSaveRow, type RowEditor } from '../../lib/list-page/row-editor';
import { ClassSelect } from './class-select';
import { studentApi } from './educate-api';
import { fieldLabel, valueOptions } from './educate-labels';
import { placeFields } from './place-fields';

/**
 * The student list's add and edit drawer. A module of its own, loaded on the first open: its schemas and
 * form controls cost a slow phone ~0.1 s of main thread, which the list's first paint no longer waits
 * for (issue 22).
 */
export function StudentForm({ pageKey, editor }: { pageKey: string; editor: RowEditor<Student> }) {
  const t = useT();
  const label = (field: string) => fieldLabel(t, 'student', field);
  const fields: FormFieldDef[] = [
    { name: 'studentNo', label: label('studentNo'), kind: 'text', isRequired: true },
    { name: 'name', label: label('name'), kind: 'text', isRequired: true },
    { name: 'gender', label: label('gender'), kind: 'select', isRequired: true, options: valueOptions(t, 'gender') },
    { name: 'status', label: label('status'), kind: 'select', isRequired: true, options: valueOptions(t, 'studentStatus') },
    { name: 'birthDate', label: label('birthDate'), kind: 'date' },
    { name: 'enrolDate', label: label('enrolDate'), kind: 'date' },
    // The class is picked, not typed: grade and class names follow it on the server.
    { name: 'classId', label: label('className'), kind: 'custom', control: <ClassSelect ariaLabel={label('className')} /> },
    { name: 'phone', label: label('phone'), kind: 'text' },
    { name: 'email', label: label('email'), kind: 'text' },
    { name: 'guardianName', label: label('guardianName'), kind: 'text' },
    { name: 'guardianPhone', label: label('guardianPhone'), kind: 'text' },
    { name: 'guardianRelation', label: label('guardianRelation'), kind: 'text' },
    { name: 'remark', label: label('remark'), kind: 'textarea', isWide: true },
    ...placeFields(t),
  ];

  const editRow = editor.row;
  const save = useSaveRow(pageKey, studentApi, editor);
  return (
    <FormDrawer
      isOpen={editor.isOpen}
      title={t(editRow ? 'form.edit' : 'form.add', { thing: t('thing.student') })}
      schema={editRow ? studentUpdateSchema : studentCreateSchema}
      fields={fields}
      initialValues={editRow ? { ...editRow } : { gender: 'male', status: 'enrolled' }}
      onSubmit={save}
      onClose={editor.close}
    />
  );
}
