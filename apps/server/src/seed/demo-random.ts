/** A source of uniform numbers in [0, 1). */
export type Random = () => number;

/**
 * mulberry32: tiny and fast, and good enough for demo data. Seeding it from
 * the campus code keeps every fresh install showing the same school, which
 * makes screenshots, bug reports and tests repeatable.
 */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** FNV-1a, 32 bits: turns a campus code into a seed. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** An integer in [min, max], both included. */
export function randomInt(rng: Random, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export function isChance(rng: Random, probability: number): boolean {
  return rng() < probability;
}

export function pickOne<T>(rng: Random, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error('pickOne: empty list');
  return item;
}

/** Picks toward the front of the list: name lists are ordered by frequency. */
export function pickFrequent<T>(rng: Random, items: readonly T[]): T {
  const item = items[Math.floor(rng() ** 1.8 * items.length)];
  if (item === undefined) throw new Error('pickFrequent: empty list');
  return item;
}

export function pickWeighted<T>(rng: Random, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((sum, [, weight]) => sum + weight, 0);
  let left = rng() * total;
  for (const [item, weight] of items) {
    left -= weight;
    if (left < 0) return item;
  }
  const last = items[items.length - 1];
  if (!last) throw new Error('pickWeighted: empty list');
  return last[0];
}

/** Fisher-Yates on a copy. */
export function shuffle<T>(rng: Random, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const a = out[i];
    const b = out[j];
    if (a === undefined || b === undefined) continue;
    out[i] = b;
    out[j] = a;
  }
  return out;
}
