import Button from '@arco-design/web-react/es/Button';
import Tag from '@arco-design/web-react/es/Tag';
import { IconPushpin, IconSend } from '@arco-design/web-react/icon';
import { NOTICE_SORTS, NOTICE_STATUSES, NOTICE_TYPES, noticeCreateSchema, noticeUpdateSchema, type Notice, Perm } from '@campus/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { openConfirm, showSuccess } from '../../lib/feedback';
import { FormDrawer } from '../../lib/form/form-drawer';
import type { FormFieldDef } from '../../lib/form/schema-form';
import { useT } from '../../lib/i18n';
import { ListPage, useRefreshList, type ListColumn } from '../../lib/list-page/list-page';
import { Permission, usePermission } from '../../lib/permission';
import { NoticeDetailDrawer } from './notice-detail-drawer';
import { NoticeTargetTag } from './notice-target-tag';
import { noticeApi, noticeKeys } from '../../lib/notices-api';
import { formatTime } from './system-labels';
import './system-messages';
import './system.css';

const PAGE_KEY = 'system-notice';
const NOTICE_PERMS = { publish: Perm.noticePublish, edit: Perm.noticeEdit, delete: Perm.noticeDelete } as const;
/** The select's value for "everyone": the contract reads '' as no campus. */
const EVERYONE = '';

type Editing = { kind: 'new' } | { kind: 'edit'; notice: Notice } | null;

/** Notices to one campus or to everyone: drafts, publishing, editing, pinning, withdrawing. */
export function NoticePage() {
  const t = useT();
  const can = usePermission();
  const refresh = useRefreshList(PAGE_KEY);
  // The Workplace's "publish" opens this page with ?compose=1: the form is open on arrival.
  const [searchParams, setSearchParams] = useSearchParams();
  const [editing, setEditing] = useState<Editing>(() => (searchParams.get('compose') === '1' ? { kind: 'new' } : null));
  useEffect(() => {
    if (searchParams.has('compose')) {
      const rest = new URLSearchParams(searchParams);
      rest.delete('compose');
      setSearchParams(rest, { replace: true });
    }
  }, [searchParams, setSearchParams]);
  const [viewing, setViewing] = useState<Notice | null>(null);
  // Only the audiences the server lets this user address (their campuses; everyone when they reach all).
  const audiences = useQuery({
    queryKey: noticeKeys.audiences,
    queryFn: noticeApi.fetchAudiences,
    enabled: can([NOTICE_PERMS.publish, NOTICE_PERMS.edit]),
  });
  const campusOptions = (audiences.data?.campuses ?? []).map((c) => ({ value: c.cam_id, label: c.name }));
  const targetOptions = [...(audiences.data?.everyone ? [{ value: EVERYONE, label: t('sys.notice.everyone') }] : []), ...campusOptions];
  const typeOptions = NOTICE_TYPES.map((value) => ({ value, label: t(`sys.notice.type.${value}`) }));

  const columns: ListColumn<Notice>[] = [
    {
      key: 'title',
      title: t('sys.notice.title'),
      width: 170,
      isWrapping: true,
      render: (n) => (
        <Button
          type="text"
          size="mini"
          className="notice-title-link"
          aria-label={t('sys.notice.viewOf', { title: n.title })}
          onClick={() => setViewing(n)}
        >
          {n.pinned && <IconPushpin aria-label={t('sys.notice.pinned')} className="notice-pin" />}
          {n.title}
        </Button>
      ),
    },
    { key: 'type', title: t('sys.notice.type'), width: 64, render: (n) => t(`sys.notice.type.${n.type}`) },
    { key: 'camId', title: t('sys.notice.target'), width: 100, render: (n) => <NoticeTargetTag notice={n} /> },
    {
      key: 'status',
      title: t('sys.notice.status'),
      width: 72,
      render: (n) => (
        <Tag size="small" color={n.status === 'draft' ? 'orange' : 'green'}>
          {t(`sys.notice.status.${n.status}`)}
        </Tag>
      ),
    },
    { key: 'publisherName', title: t('sys.notice.publisher'), width: 80 },
    { key: 'recipients', title: t('sys.notice.recipients'), width: 72 },
    {
      key: 'publishedAt',
      title: t('sys.notice.publishedAt'),
      width: 100,
      isWrapping: true,
      render: (n) => (n.publishedAt ? formatTime(n.publishedAt) : '—'),
    },
  ];

  const titleField: FormFieldDef = { name: 'title', label: t('sys.notice.title'), kind: 'text', isRequired: true, isWide: true };
  const kindFields: FormFieldDef[] = [
    { name: 'type', label: t('sys.notice.type'), kind: 'select', isRequired: true, options: typeOptions },
    { name: 'pinned', label: t('sys.notice.pinned'), kind: 'switch' },
  ];
  const audienceField: FormFieldDef = {
    name: 'camId',
    label: t('sys.notice.target'),
    kind: 'select',
    isRequired: true,
    options: targetOptions,
    isWide: true,
  };
  const contentField: FormFieldDef = { name: 'content', label: t('sys.notice.content'), kind: 'textarea', isWide: true };
  const newFields: FormFieldDef[] = [
    titleField,
    audienceField,
    ...kindFields,
    {
      name: 'status',
      label: t('sys.notice.whenSaved'),
      kind: 'select',
      isRequired: true,
      options: [...NOTICE_STATUSES].reverse().map((value) => ({ value, label: t(`sys.notice.whenSaved.${value}`) })),
    },
    contentField,
  ];
  // A published notice is already in its readers' boxes: its audience stays (the server refuses a change).
  const editFields = (notice: Notice): FormFieldDef[] => [
    titleField,
    ...(notice.status === 'draft' ? [audienceField] : []),
    ...kindFields,
    contentField,
  ];

  const save = async (body: Record<string, unknown>) => {
    if (editing?.kind === 'edit') {
      await noticeApi.update(editing.notice.id, body);
      showSuccess(t('sys.notice.saved'));
    } else {
      const notice = await noticeApi.create(body);
      showSuccess(notice.status === 'draft' ? t('sys.notice.draftSaved') : t('sys.notice.published', { count: notice.recipients }));
    }
    await refresh();
  };

  const publish = (notice: Notice) =>
    openConfirm({
      title: t('sys.notice.publishNow'),
      content: t('sys.notice.publishConfirm', { title: notice.title }),
      okText: t('sys.notice.publishNow'),
      cancelText: t('common.cancel'),
      onOk: () => {
        noticeApi.publish(notice.id).then(
          async (published) => {
            showSuccess(t('sys.notice.published', { count: published.recipients }));
            await refresh();
          },
          // The request client has shown why.
          () => undefined,
        );
      },
    });

  return (
    <>
      <ListPage<Notice>
        pageKey={PAGE_KEY}
        titleKey="menu.system.notice"
        fetchPage={noticeApi.fetchPage}
        columns={columns}
        sortFields={NOTICE_SORTS}
        filters={[
          {
            name: 'target',
            label: t('sys.notice.target'),
            options: [
              { value: 'everyone', label: t('sys.notice.everyone') },
              ...campusOptions.map((o) => ({ value: String(o.value), label: o.label })),
            ],
          },
          { name: 'type', label: t('sys.notice.type'), options: typeOptions },
          {
            name: 'status',
            label: t('sys.notice.status'),
            options: NOTICE_STATUSES.map((value) => ({ value, label: t(`sys.notice.status.${value}`) })),
          },
        ]}
        keywordPlaceholder={t('sys.notice.keyword')}
        describeRow={(n) => n.title}
        deletion={{ perms: [NOTICE_PERMS.delete], remove: noticeApi.remove, removeMany: noticeApi.removeMany }}
        actionsWidth={200}
        rowActions={(n) => (
          <>
            <Button type="text" size="mini" onClick={() => setViewing(n)}>
              {t('sys.notice.view')}
            </Button>
            <Permission perms={[NOTICE_PERMS.edit]}>
              <Button type="text" size="mini" onClick={() => setEditing({ kind: 'edit', notice: n })}>
                {t('sys.notice.edit')}
              </Button>
            </Permission>
            {n.status === 'draft' && (
              <Permission perms={[NOTICE_PERMS.publish]}>
                <Button type="text" size="mini" onClick={() => publish(n)}>
                  {t('sys.notice.publishNow')}
                </Button>
              </Permission>
            )}
          </>
        )}
        toolbar={() => (
          <Permission perms={[NOTICE_PERMS.publish]}>
            <Button type="primary" icon={<IconSend />} onClick={() => setEditing({ kind: 'new' })}>
              {t('sys.notice.publish')}
            </Button>
          </Permission>
        )}
      />
      <FormDrawer
        isOpen={editing !== null}
        width={560}
        title={editing?.kind === 'edit' ? t('sys.notice.editTitle') : t('sys.notice.publish')}
        schema={editing?.kind === 'edit' ? noticeUpdateSchema : noticeCreateSchema}
        fields={editing?.kind === 'edit' ? editFields(editing.notice) : newFields}
        initialValues={
          editing?.kind === 'edit'
            ? {
                title: editing.notice.title,
                type: editing.notice.type,
                pinned: editing.notice.pinned,
                content: editing.notice.content,
                camId: editing.notice.camId ?? EVERYONE,
              }
            : {
                type: 'notice',
                pinned: false,
                status: 'published',
                camId: audiences.data?.everyone ? EVERYONE : (campusOptions[0]?.value ?? EVERYONE),
              }
        }
        onSubmit={save}
        onClose={() => setEditing(null)}
      />
      <NoticeDetailDrawer notice={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
