export function popcount(x: number): number {
  let v = x >>> 0;
  v = v - ((v >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Free usable periods between the first and the last lesson of a day. */
export function gapsOfDay(mask: number, avail: number): number {
  if (mask === 0) return 0;
  const low = 31 - Math.clz32(mask & -mask);
  const high = 31 - Math.clz32(mask);
  const span = (((1 << (high + 1)) - 1) & ~((1 << low) - 1)) >>> 0;
  return popcount(span & avail & ~mask);
}

/** Usable periods before the first lesson of a day (0 on a day without lessons). */
export function firstGapsOfDay(mask: number, avail: number): number {
  if (mask === 0) return 0;
  const low = 31 - Math.clz32(mask & -mask);
  return popcount(avail & ((1 << low) - 1));
}

/** Sum over runs of consecutive lessons of how far each run exceeds `max`. */
export function runExcess(mask: number, max: number): number {
  let excess = 0;
  let m = mask >>> 0;
  while (m !== 0) {
    const low = 31 - Math.clz32(m & -m);
    // Length of the run starting at `low`: count trailing ones of m >>> low.
    const shifted = m >>> low;
    const inverted = ~shifted;
    const length = inverted === 0 ? 32 : 31 - Math.clz32(inverted & -inverted);
    if (length > max) excess += length - max;
    m = low + length >= 32 ? 0 : (m & ~(((1 << (low + length)) - 1) >>> 0)) >>> 0;
  }
  return excess;
}
