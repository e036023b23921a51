import Button from '@arco-design/web-react/es/Button';
import { IconUpload } from '@arco-design/web-react/icon';
import { Perm, STUDENT_SORTS, type Student } from '@campus/contract';
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
import { studentApi } from './educate-api';
import { fieldLabel, valueOptions } from './educate-labels';
import { PersonCoursesDrawer, type PersonRef } from './person-courses-drawer';
import { StatusTag } from './status-tag';
import { StudentBulkButton } from './student-bulk';
import { useClassChoices } from './class-api';
import { ClassSelect } from './class-select';

const StudentForm = lazy(() => import('./student-form').then((m) => ({ default: m.StudentForm })));

const PAGE_KEY = 'student';

export function StudentPage() {
  const t = useT();
  const refresh = useRefreshList(PAGE_KEY);
  const editor = useRowEditor<Student>();
  const [isImporting, setIsImporting] = useState(false);
  const [coursesOf, setCoursesOf] = useState<PersonRef | null>(null);
  const label = (field: string) => fieldLabel(t, 'student', field);
  const classes = useClassChoices();

  const columns: ListColumn<Student>[] = [
    { key: 'studentNo', title: label('studentNo'), width: 110 },
    { key: 'name', title: label('name'), width: 100, render: (r) => <PersonLink kind="student" id={r.id} name={r.name} /> },
    { key: 'gender', title: label('gender'), width: 64, render: (s) => t(`value.gender.${s.gender}`) },
    { key: 'grade', title: label('grade'), width: 72 },
    { key: 'className', title: label('className'), width: 72 },
    { key: 'birthDate', title: label('birthDate'), width: 120, isHiddenByDefault: true },
    { key: 'phone', title: label('phone'), width: 110 },
    { key: 'email', title: label('email'), width: 200, isHiddenByDefault: true },
    { key: 'guardianName', title: label('guardianName'), width: 72 },
    { key: 'guardianPhone', title: label('guardianPhone'), width: 140, isHiddenByDefault: true },
    { key: 'status', title: label('status'), width: 84, render: (s) => <StatusTag set="studentStatus" value={s.status} /> },
    { key: 'enrolDate', title: label('enrolDate'), width: 120, isHiddenByDefault: true },
    { key: 'regionCode', title: t('profile.nativePlace'), width: 160, render: (r) => <RegionName code={r.regionCode} /> },
    { key: 'address', title: t('profile.address'), width: 200, isWrapping: true, isHiddenByDefault: true },
  ];

  // The form's module (its schemas, the form controls) loads on the first open, not with the list.
  const isFormLoaded = useOpenedOnce(editor.isOpen);

  return (
    <>
      <ListPage<Student>
        pageKey={PAGE_KEY}
        titleKey="menu.educate.student"
        fetchPage={studentApi.fetchPage}
        columns={columns}
        sortFields={STUDENT_SORTS}
        keywordPlaceholder={t('educate.student.keyword')}
        filters={[
          { name: 'status', label: label('status'), options: valueOptions(t, 'studentStatus') },
          { name: 'gender', label: label('gender'), options: valueOptions(t, 'gender') },
          { name: 'grade', label: label('grade'), options: classes.gradeNames.map((name) => ({ value: name, label: name })) },
          {
            name: 'classId',
            label: label('className'),
            width: 160,
            render: (value, onChange) => (
              <ClassSelect
                ariaLabel={label('className')}
                style={{ width: '100%' }}
                value={value}
                onChange={(id) => onChange(id === undefined ? '' : String(id))}
              />
            ),
          },
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
        describeRow={(s) => `${s.name} (${s.studentNo})`}
        deletion={{ perms: [Perm.studentDelete], remove: studentApi.remove, removeMany: studentApi.removeMany }}
        actionsWidth={150}
        rowActions={(s) => (
          <>
            <EditButton perms={[Perm.studentEdit]} onClick={() => editor.openEdit(s)} />
            <Permission perms={[Perm.courseList]}>
              <Button type="text" size="mini" onClick={() => setCoursesOf({ kind: 'student', id: s.id, name: s.name })}>
                {t('educate.courses')}
              </Button>
            </Permission>
          </>
        )}
        toolbar={(query, selected) => (
          <>
            <AddButton perms={[Perm.studentAdd]} onClick={editor.openAdd} />
            <StudentBulkButton query={query} selected={selected} onDone={() => void refresh()} />
            <Permission perms={[Perm.studentImport]}>
              <Button icon={<IconUpload />} onClick={() => setIsImporting(true)}>
                {t('common.import')}
              </Button>
            </Permission>
            <Permission perms={[Perm.studentExport]}>
              <ExportButton path={studentApi.path} query={query} fileName="students" />
            </Permission>
          </>
        )}
      />
      {isFormLoaded && (
        <Suspense fallback={null}>
          <StudentForm pageKey={PAGE_KEY} editor={editor} />
        </Suspense>
      )}
      <ImportDialog
        isOpen={isImporting}
        title={t('import.title', { thing: t('thing.student') })}
        path={studentApi.path}
        templateName="students-template"
        fieldLabel={label}
        onClose={() => setIsImporting(false)}
        onImported={() => void refresh()}
      />
      <PersonCoursesDrawer person={coursesOf} onClose={() => setCoursesOf(null)} />
    </>
  );
}
