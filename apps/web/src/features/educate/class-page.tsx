import Button from '@arco-design/web-react/es/Button';
import { CLASS_SORTS, classCreateSchema, classUpdateSchema, Perm, type SchoolClass } from '@campus/contract';
import { useNavigate } from 'react-router';
import { FormDrawer } from '../../lib/form/form-drawer';
import type { FormFieldDef } from '../../lib/form/schema-form';
import { useT } from '../../lib/i18n';
import { ListPage, type ListColumn } from '../../lib/list-page/list-page';
import { AddButton, EditButton, useRowEditor, useSaveRow } from '../../lib/list-page/row-editor';
import { Permission } from '../../lib/permission';
import { classApi, useClassOptions } from './class-api';
import { GradeButton } from './grade-modal';

const PAGE_KEY = 'class';
const CLASS_PERMS = { add: Perm.classAdd, edit: Perm.classEdit, delete: Perm.classDelete } as const;

/** Classes (行政班) of the campus: their grade, head teacher, home room and school year; a class opens its page. */
export function ClassPage() {
  const t = useT();
  const navigate = useNavigate();
  const editor = useRowEditor<SchoolClass>();
  const options = useClassOptions();
  const label = (field: string) => t(`field.class.${field}`);

  const columns: ListColumn<SchoolClass>[] = [
    { key: 'gradeId', title: label('gradeId'), width: 120, render: (r) => options.gradeName(r.gradeId) },
    { key: 'name', title: label('name') },
    { key: 'headTeacherId', title: label('headTeacherId'), width: 160, render: (r) => options.teacherName(r.headTeacherId) || '—' },
    { key: 'schoolYear', title: label('schoolYear'), width: 130 },
    { key: 'capacity', title: label('capacity'), width: 100, render: (r) => r.capacity ?? '' },
    { key: 'status', title: label('status'), width: 100, render: (r) => t(`educate.class.status.${r.status}`) },
  ];
  const fields: FormFieldDef[] = [
    { name: 'gradeId', label: label('gradeId'), kind: 'select', isRequired: true, options: options.gradeOptions },
    { name: 'name', label: label('name'), kind: 'text', isRequired: true, placeholder: '1班' },
    { name: 'headTeacherId', label: label('headTeacherId'), kind: 'select', isNullable: true, options: options.teacherOptions },
    { name: 'roomId', label: label('roomId'), kind: 'select', isNullable: true, options: options.roomOptions },
    { name: 'capacity', label: label('capacity'), kind: 'number', min: 1, precision: 0 },
    { name: 'schoolYear', label: label('schoolYear'), kind: 'text', placeholder: '2025-2026' },
  ];
  const editRow = editor.row;
  const save = useSaveRow(PAGE_KEY, classApi, editor);

  return (
    <>
      <ListPage<SchoolClass>
        pageKey={PAGE_KEY}
        titleKey="menu.educate.class"
        fetchPage={classApi.fetchPage}
        columns={columns}
        sortFields={CLASS_SORTS.filter((s) => s !== 'studentCount')}
        filters={[
          {
            name: 'gradeId',
            label: label('gradeId'),
            options: options.gradeOptions.map((g) => ({ value: String(g.value), label: g.label })),
          },
          {
            name: 'status',
            label: label('status'),
            options: ['active', 'graduated'].map((s) => ({ value: s, label: t(`educate.class.status.${s}`) })),
          },
        ]}
        keywordPlaceholder={t('educate.class.keyword')}
        describeRow={(r) => `${options.gradeName(r.gradeId)} ${r.name}`.trim()}
        deletion={{ perms: [CLASS_PERMS.delete], remove: classApi.remove, removeMany: classApi.removeMany }}
        actionsWidth={160}
        rowActions={(r) => (
          <>
            <Button type="text" size="mini" onClick={() => void navigate(`/educate/class/${r.id}`)}>
              {t('educate.class.view')}
            </Button>
            {r.status === 'active' && <EditButton perms={[CLASS_PERMS.edit]} onClick={() => editor.openEdit(r)} />}
          </>
        )}
        toolbar={() => (
          <>
            <AddButton perms={[CLASS_PERMS.add]} onClick={editor.openAdd} />
            <GradeButton />
            <Permission perms={[Perm.schoolYearPromote]}>
              <Button onClick={() => void navigate('/educate/school-year')}>{t('educate.class.yearEnd')}</Button>
            </Permission>
          </>
        )}
      />
      <FormDrawer
        isOpen={editor.isOpen}
        width={480}
        title={t(editRow ? 'form.edit' : 'form.add', { thing: t('thing.class') })}
        schema={editRow ? classUpdateSchema : classCreateSchema}
        fields={fields}
        initialValues={editRow ? { ...editRow } : {}}
        onSubmit={save}
        onClose={editor.close}
      />
    </>
  );
}
