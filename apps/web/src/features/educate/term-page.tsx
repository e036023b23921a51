import Button from '@arco-design/web-react/es/Button';
import Tag from '@arco-design/web-react/es/Tag';
import { IconPlus } from '@arco-design/web-react/icon';
import { TERM_SORTS, termCreateSchema, termUpdateSchema, type Term } from '@campus/contract';
import { useState } from 'react';
import { showSuccess } from '../../lib/feedback';
import { FormDrawer } from '../../lib/form/form-drawer';
import type { FormFieldDef } from '../../lib/form/schema-form';
import { useT } from '../../lib/i18n';
import { ListPage, useRefreshList, type ListColumn } from '../../lib/list-page/list-page';
import { Permission } from '../../lib/permission';
import { termApi } from './educate-api';
import { fieldLabel } from './educate-labels';

const PAGE_KEY = 'term';
const TERM_PERMS = { add: 'educate:term:add', edit: 'educate:term:edit', delete: 'educate:term:delete' } as const;

export function TermPage() {
  const t = useT();
  const refresh = useRefreshList(PAGE_KEY);
  const [editing, setEditing] = useState<{ row: Term | null } | null>(null);
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

  const editRow = editing?.row ?? null;
  const save = async (body: Record<string, unknown>) => {
    if (editRow) await termApi.update(editRow.id, body);
    else await termApi.create(body);
    showSuccess(t(editRow ? 'form.saved' : 'form.created'));
    await refresh();
  };

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
        rowActions={(r) => (
          <Permission perms={[TERM_PERMS.edit]}>
            <Button type="text" size="mini" onClick={() => setEditing({ row: r })}>
              {t('list.edit')}
            </Button>
          </Permission>
        )}
        toolbar={() => (
          <Permission perms={[TERM_PERMS.add]}>
            <Button type="primary" icon={<IconPlus />} onClick={() => setEditing({ row: null })}>
              {t('common.add')}
            </Button>
          </Permission>
        )}
      />
      <FormDrawer
        isOpen={editing !== null}
        width={480}
        title={t(editRow ? 'form.edit' : 'form.add', { thing: t('thing.term') })}
        schema={editRow ? termUpdateSchema : termCreateSchema}
        fields={fields}
        initialValues={editRow ? { ...editRow } : { current: false }}
        onSubmit={save}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
