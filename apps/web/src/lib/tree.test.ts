import { describe, expect, it } from 'vitest';
import { findInTree, findTrailInTree } from './tree';

interface Node {
  id: string;
  children?: Node[];
}

const tree: Node[] = [
  { id: 'a', children: [{ id: 'a1', children: [{ id: 'x' }] }] },
  { id: 'b', children: [{ id: 'x' }, { id: 'b2' }] },
];

describe('findInTree', () => {
  it('finds the shallowest match first', () => {
    const found = findInTree(tree, (n) => n.id === 'x');
    expect(found).toBe(tree[1]?.children?.[0]);
  });

  it('answers null when nothing matches', () => {
    expect(findInTree(tree, (n) => n.id === 'nope')).toBeNull();
  });
});

describe('findTrailInTree', () => {
  it('is the path from a root down to the match', () => {
    expect(findTrailInTree(tree, (n) => n.id === 'b2').map((n) => n.id)).toEqual(['b', 'b2']);
    expect(findTrailInTree(tree, (n) => n.id === 'nope')).toEqual([]);
  });
});
