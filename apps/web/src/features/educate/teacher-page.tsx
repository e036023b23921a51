import Button from '@arco-design/web-react/es/Button';
import { IconUpload } from '@arco-design/web-react/icon';
import { Perm, TEACHER_SORTS, teacherCreateSchema, teacherUpdateSchema, type Teacher } from '@campus/contract';
import { useState } from 'react';
import { FormDrawer } from '../../lib/form/form-drawer';
import type { FormFieldDef } from '../../lib/form/schema-form';
import { useT } from '../../lib/i18n';
import { ExportButton } from '../../lib/list-page/export-button';
import { ImportDialog } from '../../lib/list-page/import-dialog';
import { ListPage, useRefreshList, type ListColumn } from '../../lib/list-page/list-page';
import { AddButton, EditButton, useRowEditor, useSaveRow } from '../../lib/list-page/row-editor';
import { Permission } from '../../lib/permission';
import { PersonLink, RegionName } from '../../lib/person-link';
import '../../lib/ops-messages';
import { RegionCascader } from '../../lib/region-cascader';
import { accountPicker, teacherApi } from './educate-api';
import { fieldLabel, valueOptions } from './educate-labels';
import { PersonCoursesDrawer, type PersonRef } from './person-courses-drawer';
import { StatusTag } from './status-tag';

const PAGE_KEY = 'teacher';
const TEACHER_PERMS = {
  add: Perm.teacherAdd,
  edit: Perm.teacherEdit,
  delete: Perm.teacherDelete,
  import: Perm.teacherImport,
  export: Perm.teacherExport,
} as const;

export function TeacherPage() {
  const t = useT();
  const refresh = useRefreshList(PAGE_KEY);
  const editor = useRowEditor<Teacher>();
  const [isImporting, setIsImporting] = useState(false);
  const [coursesOf, setCoursesOf] = useState<PersonRef | null>(null);
  const label = (field: string) => fieldLabel(t, 'teacher', field);

  const columns: ListColumn<Teacher>[] = [
    { key: 'staffNo', title: label('staffNo'), width: 100 },
    { key: 'name', title: label('name'), width: 100, render: (r) => <PersonLink kind="teacher" id={r.id} name={r.name} /> },
    { key: 'gender', title: label('gender'), width: 64, render: (r) => t(`value.gender.${r.gender}`) },
    { key: 'subject', title: label('subject'), width: 96 },
    { key: 'title', title: label('title'), width: 76 },
    { key: 'phone', title: label('phone'), width: 104 },
    { key: 'email', title: label('email'), width: 200, isHiddenByDefault: true },
    { key: 'hireDate', title: label('hireDate'), width: 120, isHiddenByDefault: true },
    { key: 'status', title: label('status'), width: 84, render: (r) => <StatusTag set="staffStatus" value={r.status} /> },
    { key: 'regionCode', title: t('profile.nativePlace'), width: 160, render: (r) => <RegionName code={r.regionCode} /> },
    { key: 'address', title: t('profile.address'), width: 200, isWrapping: true, isHiddenByDefault: true },
  ];

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
    {
      name: 'regionCode',
      label: t('profile.nativePlace'),
      kind: 'custom',
      isWide: true,
      control: <RegionCascader fieldLabel={t('profile.nativePlace')} />,
    },
    { name: 'address', label: t('profile.address'), kind: 'text', isWide: true },
  ];

  const editRow = editor.row;
  const save = useSaveRow(PAGE_KEY, teacherApi, editor);

  return (
    <>
      <ListPage<Teacher>
        pageKey={PAGE_KEY}
        titleKey="menu.educate.teacher"
        fetchPage={teacherApi.fetchPage}
        columns={columns}
        sortFields={TEACHER_SORTS}
        keywordPlaceholder={t('educate.teacher.keyword')}
        filters={[
          { name: 'status', label: label('status'), options: valueOptions(t, 'staffStatus') },
          { name: 'gender', label: label('gender'), options: valueOptions(t, 'gender') },
          { name: 'subject', label: label('subject') },
          {
            name: 'regionCode',
            label: t('profile.nativePlace'),
            render: (value, onChange) => (
              <RegionCascader
                fieldLabel={t('profile.nativePlace')}
                placeholder={t('profile.nativePlace')}
                value={value}
                onChange={(code) => onChange(code ?? '')}
              />
            ),
          },
        ]}
        describeRow={(r) => `${r.name} (${r.staffNo})`}
        deletion={{ perms: [TEACHER_PERMS.delete], remove: teacherApi.remove, removeMany: teacherApi.removeMany }}
        actionsWidth={150}
        rowActions={(r) => (
          <>
            <EditButton perms={[TEACHER_PERMS.edit]} onClick={() => editor.openEdit(r)} />
            <Permission perms={[Perm.courseList]}>
              <Button type="text" size="mini" onClick={() => setCoursesOf({ kind: 'teacher', id: r.id, name: r.name })}>
                {t('educate.courses')}
              </Button>
            </Permission>
          </>
        )}
        toolbar={(query) => (
          <>
            <AddButton perms={[TEACHER_PERMS.add]} onClick={editor.openAdd} />
            <Permission perms={[TEACHER_PERMS.import]}>
              <Button icon={<IconUpload />} onClick={() => setIsImporting(true)}>
                {t('common.import')}
              </Button>
            </Permission>
            <Permission perms={[TEACHER_PERMS.export]}>
              <ExportButton path={teacherApi.path} query={query} fileName="teachers" />
            </Permission>
          </>
        )}
      />
      <FormDrawer
        isOpen={editor.isOpen}
        title={t(editRow ? 'form.edit' : 'form.add', { thing: t('thing.teacher') })}
        schema={editRow ? teacherUpdateSchema : teacherCreateSchema}
        fields={fields}
        initialValues={editRow ? { ...editRow, userId: editRow.userId ?? undefined } : { gender: 'male', status: 'active' }}
        onSubmit={save}
        onClose={editor.close}
      />
      <ImportDialog
        isOpen={isImporting}
        title={t('import.title', { thing: t('thing.teacher') })}
        path={teacherApi.path}
        templateName="teachers-template"
        fieldLabel={label}
        onClose={() => setIsImporting(false)}
        onImported={() => void refresh()}
      />
      <PersonCoursesDrawer person={coursesOf} onClose={() => setCoursesOf(null)} />
    </>
  );
}
