import Button from '@arco-design/web-react/es/Button';
import { IconSend } from '@arco-design/web-react/icon';
import { NOTICE_SORTS, noticeCreateSchema, type Notice } from '@campus/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { showSuccess } from '../../lib/feedback';
import { FormDrawer } from '../../lib/form/form-drawer';
import type { FormFieldDef } from '../../lib/form/schema-form';
import { useT } from '../../lib/i18n';
import { ListPage, useRefreshList, type ListColumn } from '../../lib/list-page/list-page';
import { Permission } from '../../lib/permission';
import { NoticeDetailDrawer } from './notice-detail-drawer';
import { NoticeTargetTag } from './notice-target-tag';
import { noticeApi } from '../../lib/notices-api';
import { fetchCampuses, systemKeys } from './system-api';
import { formatTime } from './system-labels';
import './system-messages';
import './system.css';

const PAGE_KEY = 'system-notice';
const NOTICE_PERMS = { publish: 'system:notice:publish', delete: 'system:notice:delete' } as const;
/** The select's value for "everyone": the contract reads '' as no campus. */
const EVERYONE = '';

/** Notices to one campus or to everyone: who got them, publishing, withdrawing. */
export function NoticePage() {
  const t = useT();
  const refresh = useRefreshList(PAGE_KEY);
  const [isPublishing, setIsPublishing] = useState(false);
  const [viewing, setViewing] = useState<Notice | null>(null);
  const campuses = useQuery({ queryKey: systemKeys.campusOptions, queryFn: fetchCampuses });
  const campusOptions = (campuses.data ?? []).map((c) => ({ value: c.cam_id, label: c.name }));

  const columns: ListColumn<Notice>[] = [
    {
      key: 'title',
      title: t('sys.notice.title'),
      width: 240,
      render: (n) => (
        <Button
          type="text"
          size="mini"
          className="notice-title-link"
          aria-label={t('sys.notice.viewOf', { title: n.title })}
          onClick={() => setViewing(n)}
        >
          {n.title}
        </Button>
      ),
    },
    { key: 'camId', title: t('sys.notice.target'), width: 140, render: (n) => <NoticeTargetTag notice={n} /> },
    { key: 'publisherName', title: t('sys.notice.publisher'), width: 120 },
    { key: 'recipients', title: t('sys.notice.recipients'), width: 100 },
    { key: 'createdAt', title: t('sys.notice.createdAt'), width: 170, render: (n) => formatTime(n.createdAt) },
  ];
  const targetOptions = [{ value: EVERYONE, label: t('sys.notice.everyone') }, ...campusOptions];
  const fields: FormFieldDef[] = [
    { name: 'title', label: t('sys.notice.title'), kind: 'text', isRequired: true, isWide: true },
    { name: 'camId', label: t('sys.notice.target'), kind: 'select', isRequired: true, options: targetOptions, isWide: true },
    { name: 'content', label: t('sys.notice.content'), kind: 'textarea', isWide: true },
  ];

  const publish = async (body: Record<string, unknown>) => {
    const notice = await noticeApi.create(body);
    showSuccess(t('sys.notice.published', { count: notice.recipients }));
    await refresh();
  };

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
        ]}
        keywordPlaceholder={t('sys.notice.keyword')}
        describeRow={(n) => n.title}
        deletion={{ perms: [NOTICE_PERMS.delete], remove: noticeApi.remove, removeMany: noticeApi.removeMany }}
        actionsWidth={140}
        rowActions={(n) => (
          <Button type="text" size="mini" onClick={() => setViewing(n)}>
            {t('sys.notice.view')}
          </Button>
        )}
        toolbar={() => (
          <Permission perms={[NOTICE_PERMS.publish]}>
            <Button type="primary" icon={<IconSend />} onClick={() => setIsPublishing(true)}>
              {t('sys.notice.publish')}
            </Button>
          </Permission>
        )}
      />
      <FormDrawer
        isOpen={isPublishing}
        width={560}
        title={t('sys.notice.publish')}
        schema={noticeCreateSchema}
        fields={fields}
        initialValues={{ camId: EVERYONE }}
        onSubmit={publish}
        onClose={() => setIsPublishing(false)}
      />
      <NoticeDetailDrawer notice={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
