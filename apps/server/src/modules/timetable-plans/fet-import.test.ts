import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimetableImportResult, TimetablePlan, TimetableRun } from '@campus/contract';
import { queryRows } from '../../db/query.js';
import { getCampusIds } from '../../test/fixtures.js';
import { authed, call, createTestApp, educateClient, getToken, multipartFile, type TestApp } from '../../test/test-app.js';

// FET's example schools come from the Debian package fet-data (installed by .ci/run), read where it puts them.
const EXAMPLES = '/usr/share/doc/fet-data/examples';
const example = (relative: string) => {
  const file = path.join(EXAMPLES, relative);
  if (!fs.existsSync(file)) throw new Error(`${file} missing: install the Debian package fet-data`);
  return file;
};

let t: TestApp;
let token: string;
let camA: number;
let termId: number;
const { api, create } = educateClient(() => ({ app: t.app, token, camId: camA }));
const plans = '/timetable-plans';

async function importFile(name: string, content: Buffer | string, query = `termId=${termId}`) {
  const form = multipartFile(name, content);
  return call(t.app, {
    method: 'POST',
    url: `/api/educate${plans}/import-fet?${query}`,
    headers: { ...authed(token, camA), ...form.headers, 'accept-language': 'en-US' },
    payload: form.payload,
  });
}

async function counts() {
  const [row] = await queryRows<{ plans: number; teachers: number; rooms: number; acts: number }>(
    t.database.db,
    sql`select (select count(*)::int from timetable_plans) as plans, (select count(*)::int from teachers) as teachers,
        (select count(*)::int from rooms) as rooms, (select count(*)::int from timetable_activities) as acts`,
  );
  return row;
}

async function waitForRun(planId: number, runId: number): Promise<TimetableRun> {
  for (let i = 0; i < 1200; i++) {
    const run = (await api('GET', `${plans}/${planId}/runs/${runId}`)).body.data as TimetableRun;
    if (run.status !== 'running') return run;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('run did not end');
}

beforeAll(async () => {
  t = await createTestApp();
  const [first] = await getCampusIds(t.database.db);
  camA = first ?? 0;
  token = await getToken(t.app);
  termId = await create('/terms', { name: 'FET term', academicYear: '2033-2034', startDate: '2033-09-01', endDate: '2034-01-15' });
});
afterAll(async () => {
  await t?.close();
});

describe('FET import', () => {
  it('imports three real schools with their activities, student sets and the constraint types left out', async () => {
    const india = await importFile(
      'india.fet',
      fs.readFileSync(example('FET-5-official/India/Chennai/Anna-University/timetable_July_Nov_09_9.fet')),
    );
    expect(india.status, india.body.msg).toBe(201);
    expect(india.body.data).toMatchObject({
      activities: 164,
      studentSets: 12,
      teachers: 26,
      rooms: 16,
      teachersCreated: 26,
      roomsCreated: 16,
    });
    expect((india.body.data as TimetableImportResult).constraints.ignored).toEqual([
      { type: 'ConstraintStudentsIntervalMaxDaysPerWeek', count: 1 },
      { type: 'ConstraintTeachersActivityTagMaxHoursContinuously', count: 1 },
      { type: 'ConstraintTeachersIntervalMaxDaysPerWeek', count: 1 },
    ]);

    const belize = await importFile(
      'shc.fet',
      fs.readFileSync(example('FET-5-official/Belize/Sacred-Heart-College/shc-2013/shc-2013.fet')),
    );
    expect(belize.status, belize.body.msg).toBe(201);
    expect(belize.body.data).toMatchObject({ activities: 989, studentSets: 44, teachers: 46 });
    expect((belize.body.data as TimetableImportResult).constraints.ignored).toEqual([
      { type: 'ConstraintTeachersActivityTagMaxHoursContinuously', count: 1 },
      { type: 'ConstraintTwoActivitiesConsecutive', count: 1 },
    ]);

    const german = await importFile(
      'german.fet',
      fs.readFileSync(example('FET-6-official/Germany/secondary-school-1/using_subactivities_constraints/German_subact_constr.fet')),
    );
    expect(german.status, german.body.msg).toBe(201);
    expect(german.body.data).toMatchObject({ activities: 589, studentSets: 118, rooms: 34 });
    expect((german.body.data as TimetableImportResult).constraints.ignored).toEqual([]);

    const plan = (await api('GET', `${plans}/${(german.body.data as TimetableImportResult).planId}`)).body.data as TimetablePlan;
    expect(plan.activities).toHaveLength(589);
    expect(plan.activities.every((a) => a.externalId !== null)).toBe(true);
    expect(plan.studentSets).toHaveLength(118);
    // The ids inside constraints point at this campus's teachers and rooms and this plan's activities.
    const teachers = new Set(plan.teachers.map((x) => String(x.id)));
    for (const c of plan.constraints)
      if ('target' in c && c.target.kind === 'teacher' && c.target.teacherId) expect(teachers.has(c.target.teacherId)).toBe(true);
  });

  it('matches teachers and rooms by name on a second import', async () => {
    const before = await counts();
    const again = await importFile(
      'india.fet',
      fs.readFileSync(example('FET-5-official/India/Chennai/Anna-University/timetable_July_Nov_09_9.fet')),
    );
    expect(again.status).toBe(201);
    expect(again.body.data).toMatchObject({ teachersCreated: 0, roomsCreated: 0 });
    const after = await counts();
    expect(after?.teachers).toBe(before?.teachers);
    expect(after?.rooms).toBe(before?.rooms);
  });

  it('refuses hostile and wrong files with a message naming the file, storing nothing', async () => {
    const before = await counts();
    const bomb = `<?xml version="1.0"?><!DOCTYPE fet [<!ENTITY a "aaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><fet>&b;</fet>`;
    const cases: [string, Buffer | string, string][] = [
      ['bomb.fet', bomb, 'DOCTYPE'],
      ['root.fet', '<?xml version="1.0"?><html><body/></html>', '<html>'],
      ['broken.fet', '<?xml version="1.0"?><fet><Days_List>', 'XML'],
      ['latin1.fet', Buffer.from([0x3c, 0x66, 0x65, 0x74, 0x3e, 0xe9, 0x3c, 0x2f, 0x66, 0x65, 0x74, 0x3e]), 'UTF-8'],
      ['empty.fet', '<?xml version="1.0"?><fet version="6.8.5"></fet>', 'days'],
      ['huge.fet', Buffer.alloc(21 * 1024 * 1024, 0x20), '20 MiB'],
    ];
    for (const [name, content, says] of cases) {
      const res = await importFile(name, content);
      expect(res.status, name).toBe(400);
      expect(res.body.msg, name).toContain('file');
      expect(res.body.msg, name).toContain(says);
    }
    const noTerm = await importFile(
      'x.fet',
      fs.readFileSync(example('FET-5-official/Italy/2007/simple/simpler-Italian.fet')),
      'termId=987654',
    );
    expect(noTerm.status).toBe(404);
    expect(noTerm.body.msg).toContain('termId');
    expect(await counts()).toEqual(before);
  });
});

describe('FET export and generation of an imported school', () => {
  let planId: number;
  beforeAll(async () => {
    const res = await importFile(
      'india.fet',
      fs.readFileSync(example('FET-5-official/India/Chennai/Anna-University/timetable_July_Nov_09_9.fet')),
    );
    expect(res.status, res.body.msg).toBe(201);
    planId = (res.body.data as TimetableImportResult).planId;
  });

  it('generates the imported school, and exports it with the timetable locked for fet-cl to check', async () => {
    const started = await api('POST', `${plans}/${planId}/generate`, { timeLimitS: 60, seed: 1 });
    expect(started.status).toBe(202);
    const run = await waitForRun(planId, (started.body.data as { runId: number }).runId);
    expect(run.status).toBe('solved');
    expect(run.hardViolations).toBe(0);

    const plain = await t.app.inject({ method: 'GET', url: `/api/educate${plans}/${planId}/export-fet`, headers: authed(token, camA) });
    expect(plain.statusCode).toBe(200);
    const locked = await t.app.inject({
      method: 'GET',
      url: `/api/educate${plans}/${planId}/export-fet?withSolution=true`,
      headers: authed(token, camA),
    });
    expect(locked.statusCode).toBe(200);
    expect(locked.headers['content-disposition']).toContain('.fet');
    expect(locked.body).toMatch(/^<\?xml/);
    expect(locked.body).toContain('<fet version=');
    const lockedCount = (xml: string) => (xml.match(/<Permanently_Locked>true<\/Permanently_Locked>/g) ?? []).length;
    // Each lesson's start (and room) is locked in the export with the solution.
    expect(lockedCount(locked.body)).toBeGreaterThanOrEqual(lockedCount(plain.body) + run.total);

    const hasFetCl = spawnSync('sh', ['-c', 'command -v fet-cl']).status === 0;
    if (!hasFetCl) throw new Error('fet-cl missing: install the Debian package fet');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tt-export-'));
    try {
      const file = path.join(dir, 'plan.fet');
      fs.writeFileSync(file, locked.body);
      const out = spawnSync(
        'fet-cl',
        [`--inputfile=${file}`, `--outputdir=${path.join(dir, 'out')}`, '--timelimitseconds=60', '--htmllevel=0'],
        {
          encoding: 'utf8',
          timeout: 120_000,
        },
      );
      expect(out.stdout, out.stdout.slice(-3000)).toContain('Simulation successful');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it('cancels a running generation: it ends as cancelled', async () => {
    const belize = await importFile(
      'shc.fet',
      fs.readFileSync(example('FET-5-official/Belize/Sacred-Heart-College/shc-2013/shc-2013.fet')),
    );
    const id = (belize.body.data as TimetableImportResult).planId;
    const started = await api('POST', `${plans}/${id}/generate`, { timeLimitS: 120, seed: 1 });
    expect(started.status).toBe(202);
    const runId = (started.body.data as { runId: number }).runId;
    const live = (await api('GET', `${plans}/${id}/runs/${runId}`)).body.data as TimetableRun;
    expect(live.status).toBe('running');
    const cancel = await api('DELETE', `${plans}/${id}/runs/${runId}`);
    expect(cancel.status).toBe(200);
    const run = await waitForRun(id, runId);
    expect(run.status).toBe('cancelled');
    expect(run.total).toBe(989);
  }, 60_000);
});
