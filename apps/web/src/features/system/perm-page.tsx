import Tag from '@arco-design/web-react/es/Tag';
import { PERM_SORTS, permCreateSchema, permUpdateSchema, type SystemPerm, Perm } from '@campus/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { showSuccess } from '../../lib/feedback';
import { FormDrawer } from '../../lib/form/form-drawer';
import type { FormFieldDef } from '../../lib/form/schema-form';
import { useT } from '../../lib/i18n';
import { ListPage, useRefreshList, type ListColumn } from '../../lib/list-page/list-page';
import { AddButton, EditButton, useRowEditor } from '../../lib/list-page/row-editor';
import { fetchPermGroups, permApi, systemKeys } from './system-api';
import { formatTime, moduleLabel } from './system-labels';
import './system-messages';
import './system.css';

const PAGE_KEY = 'system-perm';
// A blank module is allowed in the form: the server then takes the code's area.
const moduleField = z
  .union([
    z.literal(''),
    z
      .string()
      .trim()
      .max(64)
      .regex(/^[a-z][a-zA-Z0-9]*$/),
  ])
  .optional();
const permCreateFormSchema = permCreateSchema.extend({ module: moduleField });
const permUpdateFormSchema = permUpdateSchema.extend({ module: moduleField });
const PERM_PERMS = { add: Perm.permAdd, edit: Perm.permEdit, delete: Perm.permDelete } as const;

/** The catalogue, ordered and filtered by module; a code routes check (built-in) cannot be deleted. */
export function PermPage() {
  const t = useT();
  const refresh = useRefreshList(PAGE_KEY);
  const editor = useRowEditor<SystemPerm>();
  const groups = useQuery({ queryKey: systemKeys.permGroups, queryFn: fetchPermGroups });
  const moduleOptions = (groups.data ?? []).map((g) => ({ value: g.module, label: `${moduleLabel(t, g.module)} (${g.perms.length})` }));

  const columns: ListColumn<SystemPerm>[] = [
    { key: 'module', title: t('sys.perm.module'), width: 130, render: (r) => <Tag color="arcoblue">{moduleLabel(t, r.module)}</Tag> },
    { key: 'code', title: t('sys.perm.code'), width: 220, render: (r) => <code className="perm-code">{r.code}</code> },
    { key: 'name', title: t('sys.perm.name'), width: 160 },
    { key: 'nameEn', title: t('sys.perm.nameEn'), width: 160 },
    {
      key: 'builtin',
      title: t('sys.perm.source'),
      width: 110,
      render: (r) => <Tag color={r.builtin ? 'purple' : 'green'}>{t(r.builtin ? 'sys.builtin' : 'sys.perm.custom')}</Tag>,
    },
    { key: 'createdAt', title: t('field.createdAt'), width: 170, isHiddenByDefault: true, render: (r) => formatTime(r.createdAt) },
  ];

  const editRow = editor.row;
  const fields: FormFieldDef[] = [
    ...(editRow
      ? []
      : [
          {
            name: 'code',
            label: t('sys.perm.code'),
            kind: 'text' as const,
            isRequired: true,
            placeholder: 'educate:student:add',
            isWide: true,
          },
        ]),
    { name: 'name', label: t('sys.perm.name'), kind: 'text', isRequired: true },
    { name: 'nameEn', label: t('sys.perm.nameEn'), kind: 'text' },
    { name: 'module', label: t('sys.perm.module'), kind: 'text', placeholder: t('sys.perm.moduleHint'), isWide: true },
  ];

  const save = async (body: Record<string, unknown>) => {
    // A blank module takes the code's area on the server.
    const sent = body.module === '' ? Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'module')) : body;
    if (editRow) await permApi.update(editRow.id, sent);
    else await permApi.create(sent);
    showSuccess(t(editRow ? 'form.saved' : 'form.created'));
    await Promise.all([refresh(), groups.refetch()]);
  };

  return (
    <>
      <ListPage<SystemPerm>
        pageKey={PAGE_KEY}
        titleKey="menu.system.perm"
        fetchPage={permApi.fetchPage}
        columns={columns}
        sortFields={PERM_SORTS}
        filters={[{ name: 'module', label: t('sys.perm.module'), options: moduleOptions }]}
        keywordPlaceholder={t('sys.perm.keyword')}
        describeRow={(r) => `${r.name} (${r.code})`}
        deletion={{ perms: [PERM_PERMS.delete], remove: permApi.remove, removeMany: permApi.removeMany }}
        actionsWidth={130}
        rowActions={(r) => <EditButton perms={[PERM_PERMS.edit]} onClick={() => editor.openEdit(r)} />}
        toolbar={() => <AddButton perms={[PERM_PERMS.add]} onClick={editor.openAdd} />}
      />
      <FormDrawer
        isOpen={editor.isOpen}
        width={480}
        title={t(editRow ? 'form.edit' : 'form.add', { thing: t('sys.thing.perm') })}
        schema={editRow ? permUpdateFormSchema : permCreateFormSchema}
        fields={fields}
        initialValues={editRow ? { ...editRow } : {}}
        onSubmit={save}
        onClose={editor.close}
      />
    </>
  );
}
