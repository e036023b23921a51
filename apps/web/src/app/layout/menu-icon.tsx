import { IconApps, IconBook, IconDashboard, IconFile, IconSettings } from '@arco-design/web-react/icon';

const ICONS: Record<string, typeof IconApps> = {
  dashboard: IconDashboard,
  book: IconBook,
  'bar-chart': IconFile,
  settings: IconSettings,
};

export function MenuIcon({ name }: { name: string | undefined }) {
  const Icon = (name && ICONS[name]) || IconApps;
  return <Icon />;
}
