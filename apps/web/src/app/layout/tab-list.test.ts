import { describe, expect, it } from 'vitest';
import {
  WORKPLACE_TAB,
  addTab,
  closeLeftTabs,
  closeOtherTabs,
  closeRightTabs,
  closeTab,
  findNeighbourTab,
  resetTabs,
  type Tab,
} from './tab-list';

const tab = (key: string, name = key): Tab => ({ key, name, title: name, fullPath: key, query: {}, ignoreCache: false });
const keys = (tabs: readonly Tab[]) => tabs.map((t) => t.key);
const open = [WORKPLACE_TAB, tab('/a'), tab('/b'), tab('/c'), tab('/d')];

describe('tab list', () => {
  it('adds a page once and updates its query', () => {
    const once = addTab(addTab([WORKPLACE_TAB], tab('/a')), { ...tab('/a'), fullPath: '/a?x=1', query: { x: '1' } });
    expect(keys(once)).toEqual([WORKPLACE_TAB.key, '/a']);
    expect(once[1]?.fullPath).toBe('/a?x=1');
  });

  it('never adds the redirect, login or not-found pages', () => {
    expect(addTab([WORKPLACE_TAB], tab('/redirect/a', 'Redirect'))).toEqual([WORKPLACE_TAB]);
    expect(addTab([WORKPLACE_TAB], tab('/login', 'login'))).toEqual([WORKPLACE_TAB]);
    expect(addTab([WORKPLACE_TAB], tab('/x', 'notFound'))).toEqual([WORKPLACE_TAB]);
  });

  it('closes one tab but never Workplace', () => {
    expect(keys(closeTab(open, '/b'))).toEqual([WORKPLACE_TAB.key, '/a', '/c', '/d']);
    expect(keys(closeTab(open, WORKPLACE_TAB.key))).toEqual(keys(open));
  });

  it('closes to the left and right, keeping Workplace first', () => {
    expect(keys(closeLeftTabs(open, '/c'))).toEqual([WORKPLACE_TAB.key, '/c', '/d']);
    expect(keys(closeRightTabs(open, '/b'))).toEqual([WORKPLACE_TAB.key, '/a', '/b']);
  });

  it('closes the others', () => {
    expect(keys(closeOtherTabs(open, '/c'))).toEqual([WORKPLACE_TAB.key, '/c']);
    expect(keys(closeOtherTabs(open, WORKPLACE_TAB.key))).toEqual([WORKPLACE_TAB.key]);
  });

  it('resets to Workplace only', () => {
    expect(resetTabs()).toEqual([WORKPLACE_TAB]);
  });

  it('picks the left neighbour of a closing tab', () => {
    expect(findNeighbourTab(open, '/c').key).toBe('/b');
    expect(findNeighbourTab(open, '/zzz').key).toBe(WORKPLACE_TAB.key);
  });
});
