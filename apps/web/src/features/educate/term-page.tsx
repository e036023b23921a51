import Tag from '@arco-design/web-react/es/Tag';
import { TERM_SORTS, termCreateSchema, termUpdateSchema, type Term, Perm } from '@campus/contract';
import { FormDrawer } from '../../lib/form/form-drawer';
import type { FormFieldDef } from '../../lib/form/schema-form';
import { useT } from '../../lib/i18n';
import { ListPage, type ListColumn } from '../../lib/list-page/list-page';
import { AddButton, EditButton, useRowEditor, useSaveRow } from '../../lib/list-page/row-editor';
import { termApi } from './educate-api';
import { fieldLabel } from './educate-labels';

const PAGE_KEY = 'term';
const TERM_PERMS = { add: Perm.termAdd, edit: Perm.termEdit, delete: Perm.termDelete } as const;

export function TermPage() {
  const t = useT();
  const editor = useRowEditor<Term>();
  const label = (field: string) => fieldLabel(t, 'term', field);

  const columns: ListColumn<Term>[] = [
    {
      key: 'name',
      title: label('name'),
      render: (r) => (
        <span>
          {r.name}
          {r.current && (
            <Tag color="green" size="small" style={{ marginLeft: 8 }}>
              {t('educate.term.currentTag')}
            </Tag>
          )}
        </span>
      ),
    },
    { key: 'academicYear', title: label('academicYear'), width: 140 },
    { key: 'startDate', title: label('startDate'), width: 130 },
    { key: 'endDate', title: label('endDate'), width: 130 },
    { key: 'current', title: label('current'), width: 110, render: (r) => t(r.current ? 'value.yes' : 'value.no') },
  ];
  const fields: FormFieldDef[] = [
    { name: 'name', label: label('name'), kind: 'text', isRequired: true },
    { name: 'academicYear', label: label('academicYear'), kind: 'text', isRequired: true, placeholder: t('educate.term.academicYearHint') },
    { name: 'startDate', label: label('startDate'), kind: 'date', isRequired: true },
    { name: 'endDate', label: label('endDate'), kind: 'date', isRequired: true },
    { name: 'current', label: label('current'), kind: 'switch' },
  ];

  const editRow = editor.row;
  const save = useSaveRow(PAGE_KEY, termApi, editor);

  return (
    <>
      <ListPage<Term>
        pageKey={PAGE_KEY}
        titleKey="menu.educate.term"
        fetchPage={termApi.fetchPage}
        columns={columns}
        sortFields={TERM_SORTS}
        keywordPlaceholder={t('educate.term.keyword')}
        describeRow={(r) => r.name}
        deletion={{ perms: [TERM_PERMS.delete], remove: termApi.remove, removeMany: termApi.removeMany }}
        actionsWidth={130}
        rowActions={(r) => <EditButton perms={[TERM_PERMS.edit]} onClick={() => editor.openEdit(r)} />}
        toolbar={() => <AddButton perms={[TERM_PERMS.add]} onClick={editor.openAdd} />}
      />
      <FormDrawer
        isOpen={editor.isOpen}
        width={480}
        title={t(editRow ? 'form.edit' : 'form.add', { thing: t('thing.term') })}
        schema={editRow ? termUpdateSchema : termCreateSchema}
        fields={fields}
        initialValues={editRow ? { ...editRow } : { current: false }}
        onSubmit={save}
        onClose={editor.close}
      />
    </>
  );
}
