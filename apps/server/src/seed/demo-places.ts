import { createRandom, hashText, isChance, pickWeighted } from './demo-random.js';

// Where the demo's people come from (籍贯): most from the campus's own city,
// some from the provinces around, a few left blank as an office would. Each
// person's place comes from a stream of its own (keyed by their number), so
// adding places changed nothing else the demo draws.

/** County-level codes of the statistics bureau's 2023 table (the regions lib checks them in demo.test.ts). */
const LOCAL: Record<string, readonly (readonly [string, number])[]> = {
  // 东城校区: Beijing's districts.
  DC: [
    ['110101', 5],
    ['110102', 3],
    ['110105', 4],
    ['110106', 2],
    ['110108', 3],
    ['110114', 1],
  ],
  // 西湖校区: Hangzhou's districts.
  XH: [
    ['330106', 5],
    ['330102', 3],
    ['330105', 3],
    ['330108', 2],
    ['330109', 2],
    ['330110', 2],
  ],
};

const ELSEWHERE: readonly (readonly [string, number])[] = [
  ['130102', 3],
  ['370102', 2],
  ['320102', 2],
  ['410105', 2],
  ['420106', 2],
  ['510104', 1],
  ['430102', 1],
  ['340102', 2],
  ['360102', 1],
  ['350102', 1],
  ['140105', 1],
  ['210102', 1],
  ['230102', 1],
  ['440106', 1],
];

export const DEMO_PLACE_CODES: readonly string[] = [...Object.values(LOCAL).flat(), ...ELSEWHERE].map(([code]) => code);

/** A person's native place, or null when the office never filled it in. */
export function pickNativePlace(campusCode: string, personNo: string): string | null {
  const rng = createRandom(hashText(`native place ${personNo}`));
  if (isChance(rng, 0.12)) return null;
  const local = LOCAL[campusCode];
  return pickWeighted(rng, local && isChance(rng, 0.7) ? local : ELSEWHERE);
}
