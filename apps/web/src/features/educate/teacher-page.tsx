import Button from '@arco-design/web-react/es/Button';
import { IconUpload } from '@arco-design/web-react/icon';
import { Perm, TEACHER_SORTS, type Teacher } from '@campus/contract';
import { lazy, Suspense, useState } from 'react';
import { useOpenedOnce } from '../../lib/form/use-opened-once';
import { useT } from '../../lib/i18n';
import { ExportButton } from '../../lib/list-page/export-button';
import { ImportDialog } from '../../lib/list-page/import-dialog';
import { ListPage, useRefreshList, type ListColumn } from '../../lib/list-page/list-page';
import { AddButton, EditButton, useRowEditor } from '../../lib/list-page/row-editor';
import { Permission } from '../../lib/permission';
import { PersonLink, RegionName } from '../../lib/person-link';
import '../../lib/ops-messages';
import { RegionCascader } from '../../lib/region-cascader';
import { teacherApi } from './educate-api';
import { fieldLabel, valueOptions } from './educate-labels';
import { PersonCoursesDrawer, type PersonRef } from './person-courses-drawer';
import { StatusTag } from './status-tag';

const TeacherForm = lazy(() => import('./teacher-form').then((m) => ({ default: m.TeacherForm })));

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

  // The form's module (its schemas, the form controls) loads on the first open, not with the list.
  const isFormLoaded = useOpenedOnce(editor.isOpen);

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
      {isFormLoaded && (
        <Suspense fallback={null}>
          <TeacherForm pageKey={PAGE_KEY} editor={editor} />
        </Suspense>
      )}
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
