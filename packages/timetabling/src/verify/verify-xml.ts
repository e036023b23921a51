import { XMLParser } from 'fast-xml-parser';

export type Node = Record<string, unknown>;

export const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  processEntities: false,
  trimValues: true,
  isArray: () => true,
  tagValueProcessor: (_name, value) =>
    value
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&#(\d+);/g, (_m, n: string) => String.fromCodePoint(Number(n)))
      .replace(/&#x([0-9a-fA-F]+);/g, (_m, n: string) => String.fromCodePoint(Number.parseInt(n, 16)))
      .replace(/&amp;/g, '&'),
});

export function list(node: unknown, name: string): Node[] {
  if (typeof node !== 'object' || node === null) return [];
  const value = (node as Node)[name];
  return Array.isArray(value) ? value.map((v) => (typeof v === 'object' && v !== null ? (v as Node) : {})) : [];
}

export function strings(node: unknown, name: string): string[] {
  if (typeof node !== 'object' || node === null) return [];
  const value = (node as Node)[name];
  return Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v : '')) : [];
}

export function str(node: unknown, name: string): string {
  return strings(node, name)[0] ?? '';
}

export function num(node: unknown, name: string): number {
  return Number(str(node, name));
}

export interface Lesson {
  id: number;
  teachers: number[];
  subgroups: number[];
  studentNames: string[];
  teacherNames: string[];
  subject: string;
  tags: string[];
  duration: number;
  groupId: number;
  day: number;
  hour: number;
  room: string;
}

/** What the rule checks need of the timetable as read (see checkConstraint). */
export interface VerifyContext {
  days: string[];
  hours: string[];
  H: number;
  leafNames: string[];
  subgroupsOf: (name: string) => number[];
  lessons: Lesson[];
  fail: (constraint: string, message: string, ids: number[]) => void;
  placedLessons: Lesson[];
  busySubgroup: (g: number, d: number, h: number) => boolean;
  slotList: (c: Node, item: string, dayField: string, hourField: string) => [number, number][];
  teachersFor: (c: Node) => number[];
  subgroupsFor: (c: Node) => number[];
  profilesOf: (
    kind: 'teacher' | 'subgroup',
    who: number,
    only?: (l: Lesson) => boolean,
  ) => { hours: number; gaps: number; before: number; longestRun: number }[];
  nameOf: (kind: 'teacher' | 'subgroup', who: number) => string;
  lessonsOf: (kind: 'teacher' | 'subgroup', who: number) => number[];
  matches: (c: Node, l: Lesson) => boolean;
  componentOf: (l: Lesson) => number;
  idsOf: (c: Node) => Lesson[];
  placedOnly: (ls: Lesson[]) => Lesson[];
  addRoomRule: (ls: Lesson[], rooms: string[], home: boolean, type: string) => void;
  roomsOf: (c: Node) => string[];
}
