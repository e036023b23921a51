import Button from '@arco-design/web-react/es/Button';
import Card from '@arco-design/web-react/es/Card';
import Drawer from '@arco-design/web-react/es/Drawer';
import Empty from '@arco-design/web-react/es/Empty';
import Form from '@arco-design/web-react/es/Form';
import Input from '@arco-design/web-react/es/Input';
import Modal from '@arco-design/web-react/es/Modal';
import Pagination from '@arco-design/web-react/es/Pagination';
import Select from '@arco-design/web-react/es/Select';
import Spin from '@arco-design/web-react/es/Spin';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import type { Notice } from '@campus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { openConfirm, showSuccess } from '../../lib/feedback';
import { useT } from '../../lib/i18n';
import { Permission, usePermission } from '../../lib/permission';
import { fetchLatestNotices, markMessagesRead, messageKeys } from '../../lib/messages-api';
import { deleteNotice, fetchNoticePage, noticeKeys, publishNotice } from '../../lib/notices-api';
import { useSessionStore } from '../../lib/session';
import './dashboard-messages';

const EVERYONE = 0;
const PAGE_SIZE = 10;

interface PublishValues {
  title: string;
  content?: string;
  camId: number;
}

function PublishModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const campusList = useSessionStore((s) => s.campusList);
  const [form] = Form.useForm<PublishValues>();
  const publish = useMutation({
    mutationFn: (values: PublishValues) =>
      publishNotice({ title: values.title, content: values.content ?? '', camId: values.camId === EVERYONE ? null : values.camId }),
    onSuccess: async (notice) => {
      showSuccess(t('dashboard.notices.published', { count: notice.recipients }));
      form.resetFields();
      onClose();
      await queryClient.invalidateQueries({ queryKey: messageKeys.all });
      await queryClient.invalidateQueries({ queryKey: noticeKeys.pages });
    },
  });
  return (
    <Modal
      title={t('dashboard.notices.publishTitle')}
      visible={isOpen}
      onCancel={onClose}
      onOk={() =>
        form.validate().then(
          (values) => publish.mutate(values),
          () => undefined,
        )
      }
      confirmLoading={publish.isPending}
      okText={t('dashboard.notices.publish')}
      cancelText={t('common.cancel')}
      unmountOnExit
    >
      <Form form={form} layout="vertical" initialValues={{ camId: EVERYONE }}>
        <Form.Item
          field="title"
          label={t('dashboard.notices.field.title')}
          rules={[{ required: true, message: t('dashboard.notices.titleRequired') }]}
        >
          <Input maxLength={200} showWordLimit />
        </Form.Item>
        <Form.Item field="content" label={t('dashboard.notices.field.content')}>
          <Input.TextArea maxLength={5000} autoSize={{ minRows: 4, maxRows: 10 }} />
        </Form.Item>
        <Form.Item field="camId" label={t('dashboard.notices.field.audience')}>
          <Select
            options={[
              { value: EVERYONE, label: t('dashboard.notices.everyone') },
              ...campusList.map((c) => ({ value: c.cam_id, label: c.name })),
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function NoticeManageDrawer({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const campusList = useSessionStore((s) => s.campusList);
  const [page, setPage] = useState(1);
  const notices = useQuery({ queryKey: noticeKeys.page(page), queryFn: () => fetchNoticePage(page, PAGE_SIZE), enabled: isOpen });
  const remove = useMutation({
    mutationFn: (id: number) => deleteNotice(id),
    onSuccess: async () => {
      showSuccess(t('dashboard.notices.deleted'));
      await queryClient.invalidateQueries({ queryKey: noticeKeys.pages });
      await queryClient.invalidateQueries({ queryKey: messageKeys.all });
    },
  });
  const audienceOf = (notice: Notice) =>
    notice.camId === null
      ? t('dashboard.notices.everyone')
      : (campusList.find((c) => c.cam_id === notice.camId)?.name ?? `#${notice.camId}`);
  return (
    <Drawer title={t('dashboard.notices.manage')} visible={isOpen} onCancel={onClose} footer={null} width={480}>
      {notices.isPending ? (
        <Spin className="workplace-card-loading" />
      ) : notices.isError ? (
        <Empty description={t('dashboard.loadFailed')} />
      ) : notices.data.list.length === 0 ? (
        <Empty description={t('dashboard.notices.empty')} />
      ) : (
        <>
          <ul className="notice-manage-list">
            {notices.data.list.map((notice) => (
              <li key={notice.id} className="notice-manage-item">
                <div className="notice-manage-head">
                  <span className="notice-title">{notice.title}</span>
                  <Permission perms={['system:notice:delete']}>
                    <Button
                      size="mini"
                      status="danger"
                      type="text"
                      icon={<IconDelete />}
                      onClick={() =>
                        openConfirm({
                          title: t('dashboard.notices.delete'),
                          content: t('dashboard.notices.deleteConfirm', { title: notice.title }),
                          okText: t('dashboard.notices.delete'),
                          cancelText: t('common.cancel'),
                          onOk: () => remove.mutate(notice.id),
                        })
                      }
                    >
                      {t('dashboard.notices.delete')}
                    </Button>
                  </Permission>
                </div>
                {notice.content && <p className="notice-content">{notice.content}</p>}
                <p className="notice-meta">
                  {dayjs(notice.createdAt).format('YYYY-MM-DD HH:mm')} · {audienceOf(notice)} ·{' '}
                  {t('dashboard.notices.recipients', { count: notice.recipients })}
                  {notice.publisherName && <> · {t('dashboard.notices.by', { name: notice.publisherName })}</>}
                </p>
              </li>
            ))}
          </ul>
          {notices.data.total > PAGE_SIZE && (
            <Pagination size="small" current={page} pageSize={PAGE_SIZE} total={notices.data.total} onChange={setPage} />
          )}
        </>
      )}
    </Drawer>
  );
}

export function NoticesCard() {
  const t = useT();
  const queryClient = useQueryClient();
  const can = usePermission();
  const [isPublishing, setIsPublishing] = useState(false);
  const [isManaging, setIsManaging] = useState(false);
  // Under the message box's prefix, so its live refresh (a new count) refreshes this card too.
  const latest = useQuery({ queryKey: messageKeys.latestNotices, queryFn: () => fetchLatestNotices() });
  const markRead = useMutation({
    mutationFn: (id: number) => markMessagesRead([id]),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
  return (
    <Card
      bordered={false}
      className="workplace-card"
      title={t('dashboard.notices.title')}
      extra={
        <span className="notice-actions">
          <Permission perms={['system:notice:publish']}>
            <Button size="mini" type="secondary" icon={<IconPlus />} onClick={() => setIsPublishing(true)}>
              {t('dashboard.notices.publish')}
            </Button>
          </Permission>
          {can(['system:notice:list']) && (
            <Button size="mini" type="text" onClick={() => setIsManaging(true)}>
              {t('dashboard.notices.more')}
            </Button>
          )}
        </span>
      }
    >
      {latest.isPending ? (
        <Spin className="workplace-card-loading" />
      ) : latest.isError ? (
        <Empty description={t('dashboard.loadFailed')} />
      ) : latest.data.length === 0 ? (
        <Empty description={t('dashboard.notices.empty')} />
      ) : (
        <ul className="notice-list" aria-label={t('dashboard.notices.mine')}>
          {latest.data.map((item) => (
            <li key={item.id} className={`notice-item${item.status === 0 ? ' is-unread' : ''}`}>
              <button type="button" className="notice-item-button" onClick={() => item.status === 0 && markRead.mutate(item.id)}>
                <span className="notice-title">
                  {item.title}
                  {item.status === 0 && <span className="visually-hidden">{t('dashboard.notices.unread')}</span>}
                </span>
                <time className="notice-time" dateTime={item.createdAt}>
                  {item.time}
                </time>
              </button>
            </li>
          ))}
        </ul>
      )}
      <PublishModal isOpen={isPublishing} onClose={() => setIsPublishing(false)} />
      {can(['system:notice:list']) && <NoticeManageDrawer isOpen={isManaging} onClose={() => setIsManaging(false)} />}
    </Card>
  );
}
