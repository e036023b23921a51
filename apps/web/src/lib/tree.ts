/**
 * The one walk over the console's trees (menus, departments, picker trees).
 * Breadth-first: a shallow match wins over a deeper one found earlier, which
 * the spec's "first permitted route" asks for; names are unique, so a lookup
 * by name finds the same node either way.
 */
interface TreeNode<T> {
  readonly children?: readonly T[] | null | undefined;
}

export function findInTree<T extends TreeNode<T>>(nodes: readonly T[], isMatch: (node: T) => boolean): T | null {
  const queue: T[] = [...nodes];
  for (let node = queue.shift(); node; node = queue.shift()) {
    if (isMatch(node)) return node;
    if (node.children) queue.push(...node.children);
  }
  return null;
}

/** The nodes from a root down to the first match (depth first), or [] when nothing matches. */
export function findTrailInTree<T extends TreeNode<T>>(nodes: readonly T[], isMatch: (node: T) => boolean): T[] {
  for (const node of nodes) {
    if (isMatch(node)) return [node];
    const below = node.children ? findTrailInTree(node.children, isMatch) : [];
    if (below.length > 0) return [node, ...below];
  }
  return [];
}

/** The nodes that match and the ancestors leading to them (a tree search box). */
export function filterTree<T extends { children: T[] }>(nodes: readonly T[], isMatch: (node: T) => boolean): T[] {
  return nodes.flatMap((n) => {
    const children = filterTree(n.children, isMatch);
    return isMatch(n) || children.length > 0 ? [{ ...n, children }] : [];
  });
}
