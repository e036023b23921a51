import Tag from '@arco-design/web-react/es/Tag';
import type { Notice } from '@campus/contract';
import { useT } from '../../lib/i18n';

/** Who a notice went to: a campus by name, or everyone. */
export function NoticeTargetTag({ notice }: { notice: Pick<Notice, 'camId' | 'camName'> }) {
  const t = useT();
  if (notice.camId === null) {
    return (
      <Tag size="small" color="arcoblue">
        {t('sys.notice.everyone')}
      </Tag>
    );
  }
  return <span>{notice.camName ?? `#${notice.camId}`}</span>;
}
