import Alert from '@arco-design/web-react/es/Alert';
import Button from '@arco-design/web-react/es/Button';
import Input from '@arco-design/web-react/es/Input';
import Modal from '@arco-design/web-react/es/Modal';
import Space from '@arco-design/web-react/es/Space';
import { IconCalendar, IconCopy, IconDelete, IconRefresh } from '@arco-design/web-react/icon';
import type { CalendarFeed, IssuedCalendarFeed } from '@campus/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showMessageError, showSuccess } from '../../lib/feedback';
import { useT } from '../../lib/i18n';
import { useSessionStore } from '../../lib/session';
import {
  issueOwnFeed,
  issueTimetableFeed,
  listCalendarFeeds,
  revokeCalendarFeed,
  rotateCalendarFeed,
  type FeedTargetKind,
} from './calendar-feed-api';
import './schedule-messages';

export type FeedTarget = { kind: FeedTargetKind; id: number; name: string } | { kind: 'own'; name: string };

const FEEDS_KEY = ['calendar-feeds'];

function matches(feed: CalendarFeed, target: FeedTarget, camId: number): boolean {
  if (target.kind === 'own') return feed.kind === 'own';
  return feed.kind === target.kind && feed.targetId === target.id && feed.camId === camId;
}

/**
 * "Subscribe": a personal feed URL a calendar app fetches without signing in.
 * The URL is shown once when made or renewed (the server keeps only a hash);
 * renewing stops the old URL, revoking stops it for good.
 */
export function CalendarFeedButton({ target, disabled }: { target: FeedTarget | undefined; disabled?: boolean }) {
  const t = useT();
  const camId = useSessionStore((s) => s.campus?.cam_id ?? 0);
  const queryClient = useQueryClient();
  const [isOpen, setIsOpen] = useState(false);
  const [issued, setIssued] = useState<IssuedCalendarFeed | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const feeds = useQuery({ queryKey: FEEDS_KEY, queryFn: listCalendarFeeds, enabled: isOpen });
  const existing = target ? feeds.data?.find((f) => matches(f, target, camId)) : undefined;

  const run = async (action: () => Promise<IssuedCalendarFeed | null>, done: string) => {
    setIsBusy(true);
    try {
      setIssued(await action());
      showSuccess(done);
      await queryClient.invalidateQueries({ queryKey: FEEDS_KEY });
    } catch (err) {
      showMessageError(err instanceof Error ? err.message : String(err));
    } finally {
      setIsBusy(false);
    }
  };
  const issue = () =>
    run(
      () => (target?.kind === 'own' ? issueOwnFeed() : target ? issueTimetableFeed(target.kind, target.id) : Promise.resolve(null)),
      t('feed.made'),
    );
  const rotate = (id: number) => run(() => rotateCalendarFeed(id), t('feed.rotated'));
  const revoke = (id: number) =>
    run(async () => {
      await revokeCalendarFeed(id);
      return null;
    }, t('feed.revoked'));
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      showSuccess(t('feed.copied'));
    } catch {
      showMessageError(t('feed.copyFailed'));
    }
  };
  const close = () => {
    setIsOpen(false);
    setIssued(null);
  };

  return (
    <>
      <Button icon={<IconCalendar />} disabled={disabled || !target} onClick={() => setIsOpen(true)}>
        {target?.kind === 'own' ? t('feed.mine') : t('feed.subscribe')}
      </Button>
      <Modal
        title={t('feed.title', { name: target?.name ?? '' })}
        visible={isOpen}
        onCancel={close}
        footer={<Button onClick={close}>{t('feed.close')}</Button>}
        unmountOnExit
        style={{ width: 620 }}
      >
        <p className="feed-intro">{t('feed.intro')}</p>
        {issued ? (
          <div className="feed-issued">
            <Alert type="warning" content={t('feed.onceOnly')} style={{ marginBottom: 12 }} />
            <Input readOnly value={issued.url} aria-label={t('feed.url')} className="feed-url" />
            <Space style={{ marginTop: 12 }}>
              <Button type="primary" icon={<IconCopy />} onClick={() => void copy(issued.url)}>
                {t('feed.copy')}
              </Button>
              <Button href={issued.webcalUrl} icon={<IconCalendar />}>
                {t('feed.addToCalendar')}
              </Button>
            </Space>
          </div>
        ) : existing ? (
          <p className="feed-status">
            {t('feed.exists', {
              since: existing.rotatedAt.slice(0, 10),
              used: existing.lastUsedAt?.slice(0, 16).replace('T', ' ') ?? t('feed.neverUsed'),
            })}
          </p>
        ) : (
          <p className="feed-status">{t('feed.none')}</p>
        )}
        <Space style={{ marginTop: 16 }}>
          {!existing && !issued && (
            <Button type="primary" loading={isBusy} onClick={() => void issue()}>
              {t('feed.make')}
            </Button>
          )}
          {(existing ?? issued) && (
            <Button icon={<IconRefresh />} loading={isBusy} onClick={() => void rotate((existing ?? issued?.feed)?.id ?? 0)}>
              {t('feed.rotate')}
            </Button>
          )}
          {(existing ?? issued) && (
            <Button status="danger" icon={<IconDelete />} loading={isBusy} onClick={() => void revoke((existing ?? issued?.feed)?.id ?? 0)}>
              {t('feed.revoke')}
            </Button>
          )}
        </Space>
      </Modal>
    </>
  );
}
