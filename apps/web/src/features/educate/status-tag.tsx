import Tag from '@arco-design/web-react/es/Tag';
import { useT } from '../../lib/i18n';
import { STATUS_COLORS } from './educate-labels';

export function StatusTag({ set, value }: { set: 'studentStatus' | 'staffStatus' | 'courseStatus'; value: string }) {
  const t = useT();
  return <Tag color={STATUS_COLORS[value] ?? 'gray'}>{t(`value.${set}.${value}`)}</Tag>;
}
