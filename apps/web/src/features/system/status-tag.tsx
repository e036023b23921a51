import Tag from '@arco-design/web-react/es/Tag';
import { useT } from '../../lib/i18n';

export function SystemStatusTag({ value }: { value: string }) {
  const t = useT();
  return (
    <Tag size="small" color={value === 'active' ? 'green' : 'gray'}>
      {t(`sys.status.${value}`)}
    </Tag>
  );
}
