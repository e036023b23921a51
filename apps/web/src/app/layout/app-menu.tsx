import Menu from '@arco-design/web-react/es/Menu';
import type { MenuItem } from '@campus/contract';
import { useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useT, type Translate } from '../../lib/i18n';
import { findMenuTrail } from '../menu';
import { MenuIcon } from './menu-icon';
import { useCurrentRoute } from './use-current-route';
import { useMenuTree } from './use-menu-tree';

function collectPaths(items: readonly MenuItem[], into = new Map<string, string>()): Map<string, string> {
  for (const item of items) {
    into.set(item.name, item.path);
    if (item.children) collectPaths(item.children, into);
  }
  return into;
}

function renderItems(items: readonly MenuItem[], t: Translate, depth: number) {
  return items.map((item) => {
    const title = (
      <>
        {depth === 0 && <MenuIcon name={item.meta.icon} />}
        {t(item.meta.locale)}
      </>
    );
    return item.children && item.children.length > 0 ? (
      <Menu.SubMenu key={item.name} title={title}>
        {renderItems(item.children, t, depth + 1)}
      </Menu.SubMenu>
    ) : (
      <Menu.Item key={item.name}>{title}</Menu.Item>
    );
  });
}

interface AppMenuProps {
  mode: 'vertical' | 'horizontal';
  isCollapsed?: boolean;
}

export function AppMenu({ mode, isCollapsed = false }: AppMenuProps) {
  const t = useT();
  const navigate = useNavigate();
  const tree = useMenuTree();
  const route = useCurrentRoute();
  // Hidden pages (a role's users) light up the entry they belong to.
  const selectedKey = route.meta.activeMenu ?? route.name;
  const trailKeys = findMenuTrail(tree, selectedKey).map((i) => i.name);
  const [openKeys, setOpenKeys] = useState<string[]>(trailKeys);
  const [lastSelected, setLastSelected] = useState(selectedKey);
  if (lastSelected !== selectedKey) {
    setLastSelected(selectedKey);
    setOpenKeys((keys) => [...new Set([...keys, ...trailKeys])]);
  }
  const paths = collectPaths(tree);
  const navRef = useRef<HTMLElement>(null);
  // Arco renders sub-menu headers as bare divs carrying aria-expanded inside role="menu";
  // naming them menu items makes the tree valid for screen readers (axe: aria-allowed-attr).
  useLayoutEffect(() => {
    navRef.current
      ?.querySelectorAll('.arco-menu-inline-header, .arco-menu-pop-header')
      .forEach((el) => el.setAttribute('role', 'menuitem'));
  });

  return (
    <nav ref={navRef} aria-label={t('menu.label')} className={`app-menu app-menu-${mode}`}>
      <Menu
        mode={mode === 'horizontal' ? 'horizontal' : 'vertical'}
        collapse={isCollapsed}
        selectedKeys={[selectedKey]}
        openKeys={openKeys}
        onClickSubMenu={(_key, keys) => setOpenKeys(keys)}
        onClickMenuItem={(key) => {
          const path = paths.get(key);
          if (path) void navigate(path);
        }}
        autoOpen={false}
        levelIndent={28}
        accordion={false}
      >
        {renderItems(tree, t, 0)}
      </Menu>
    </nav>
  );
}
