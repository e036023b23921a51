import { isChance, pickFrequent, pickOne, randomInt, type Random } from './demo-random.js';

export type Gender = 'male' | 'female';

// Ordered roughly by how common they are, so pickFrequent gives a believable
// mix: many 王/李/张, the odd 欧阳.
const SURNAMES: readonly string[] = [
  ...Array.from(
    '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高郑梁谢宋唐许韩冯邓曹彭曾萧田董潘袁蔡蒋余于杜叶程魏苏吕丁任卢姚沈钟姜崔谭陆范汪廖石金贾夏方邹熊白孟秦邱侯江尹薛段雷龙史陶贺毛郝顾龚邵万钱戴严',
  ),
  '欧阳',
  '司马',
  '诸葛',
];

// Given-name characters of teenagers born in the late 2000s and 2010s.
const YOUNG_MALE: readonly string[] = Array.from(
  '浩宇轩子博文杰俊鹏涛明磊晨昊然睿航凯阳一嘉志远辰皓逸铭峰天翔诚泽宸煜霖哲瑞彬旭骏恒亮锐毅鑫晟楷康乐思卓宁安鸿奕朗景承梓宏',
);
const YOUNG_FEMALE: readonly string[] = Array.from(
  '欣怡梓涵雨萱佳琪诗思婷雅静悦可馨瑶琳晓彤妍语心若嘉子安芷璐颖慧菲蕾月洁雪倩雯婧薇宁岚韵玥恬楠桐诺艺沐清晴一梦舒羽昕冉澜依',
);

// Given-name characters of parents, teachers and office staff (born 1960s-1990s).
const ADULT_MALE: readonly string[] = Array.from(
  '建国华军伟强明勇斌刚平志海涛峰磊永光东林辉波春庆文德宏新杰鹏立忠晓俊超健利成亮卫振跃坤荣锋',
);
const ADULT_FEMALE: readonly string[] = Array.from(
  '芳丽敏静霞红燕玲娟英华萍艳梅丹琴蓉雪慧洁颖莉冬秋晶琳娜婷倩云凤兰秀桂晓春佳薇悦宁虹婉素青岚',
);

// Mobile prefixes of the three carriers, as they appear in real address books.
const MOBILE_PREFIXES: readonly string[] =
  '130 131 132 133 135 136 137 138 139 150 151 152 153 155 156 157 158 159 180 181 182 183 185 186 187 188 189'.split(' ');

export function pickSurname(rng: Random): string {
  return pickFrequent(rng, SURNAMES);
}

function createGivenName(rng: Random, chars: readonly string[], doubledOk: boolean): string {
  const first = pickOne(rng, chars);
  // One-character given names are rarer among young people than they were.
  if (isChance(rng, 0.22)) return first;
  if (doubledOk && isChance(rng, 0.06)) return first + first;
  let second = pickOne(rng, chars);
  while (second === first) second = pickOne(rng, chars);
  return first + second;
}

export function createYoungName(rng: Random, gender: Gender, surname = pickSurname(rng)): string {
  return surname + createGivenName(rng, gender === 'male' ? YOUNG_MALE : YOUNG_FEMALE, gender === 'female');
}

export function createAdultName(rng: Random, gender: Gender, surname = pickSurname(rng)): string {
  return surname + createGivenName(rng, gender === 'male' ? ADULT_MALE : ADULT_FEMALE, false);
}

/** An 11-digit mobile number not yet in `taken` (the set is updated). */
export function createMobile(rng: Random, taken: Set<string>): string {
  for (;;) {
    const phone = pickOne(rng, MOBILE_PREFIXES) + String(randomInt(rng, 0, 99_999_999)).padStart(8, '0');
    if (!taken.has(phone)) {
      taken.add(phone);
      return phone;
    }
  }
}
