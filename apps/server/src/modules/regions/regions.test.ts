import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Region, RegionDetail, ReportSummary } from '@campus/contract';
import { getCampusIds } from '../../test/fixtures.js';
import { authed, call, createTestApp, getToken, multipartFile, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let token: string;
let camId: number;

const get = (url: string) => call(t.app, { method: 'GET', url, headers: { ...authed(token), 'accept-language': 'en-US' } });
const educate = (method: string, url: string, payload?: object) =>
  call(t.app, {
    method,
    url: `/api/educate${url}`,
    headers: { ...authed(token, camId), 'accept-language': 'en-US' },
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  t = await createTestApp();
  token = await getToken(t.app);
  [camId] = (await getCampusIds(t.database.db)) as [number];
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/regions', () => {
  it('answers the provinces without a parent, for any signed-in user only', async () => {
    expect((await call(t.app, { method: 'GET', url: '/api/regions' })).status).toBe(401);
    const res = await get('/api/regions');
    expect(res.status).toBe(200);
    const list = res.body.data as Region[];
    expect(list).toHaveLength(34);
    expect(list[0]).toEqual({ id: '110000', pid: null, name: '北京市', hasChildren: true });
    expect(list.find((r) => r.id === '330000')).toMatchObject({ name: '浙江省', hasChildren: true });
    expect(list.find((r) => r.id === '810000')).toMatchObject({ name: '香港特别行政区', hasChildren: false });
  });

  it('answers the children of a parent: cities, then counties; a municipality lists its districts directly', async () => {
    const cities = (await get('/api/regions?parent=330000')).body.data as Region[];
    expect(cities.find((c) => c.id === '330100')).toEqual({ id: '330100', pid: '330000', name: '杭州市', hasChildren: true });
    const counties = (await get('/api/regions?parent=330100')).body.data as Region[];
    // The 2021 redrawing of Hangzhou: 临平区 and 钱塘区 exist, 下城区 and 江干区 do not.
    expect(counties.map((c) => c.name)).toEqual(expect.arrayContaining(['西湖区', '临平区', '钱塘区']));
    expect(counties.map((c) => c.name)).not.toContain('下城区');
    expect(counties.every((c) => c.pid === '330100' && !c.hasChildren)).toBe(true);
    const beijing = (await get('/api/regions?parent=110000')).body.data as Region[];
    expect(beijing.find((c) => c.id === '110101')).toMatchObject({ name: '东城区', pid: '110000' });
    expect((await get('/api/regions?parent=441900')).body.data).toEqual([]);
  });

  it('answers the path of a code from the province down; an unknown code is a 404, a malformed one a 400', async () => {
    const res = await get('/api/regions/330106');
    expect(res.status).toBe(200);
    expect(res.body.data as RegionDetail).toEqual({
      id: '330106',
      pid: '330100',
      name: '西湖区',
      path: [
        { id: '330000', name: '浙江省' },
        { id: '330100', name: '杭州市' },
        { id: '330106', name: '西湖区' },
      ],
    });
    expect(((await get('/api/regions/110105')).body.data as RegionDetail).path.map((p) => p.name)).toEqual(['北京市', '朝阳区']);
    const unknown = await get('/api/regions/999999');
    expect(unknown.status).toBe(404);
    expect((await get('/api/regions?parent=999999')).status).toBe(404);
    const bad = await get('/api/regions/12ab');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^id: /);
  });

  it('answers several codes in one request, each with its path, in the order asked; unknown and repeated codes left out', async () => {
    expect((await call(t.app, { method: 'GET', url: '/api/regions/paths?codes=110105' })).status).toBe(401);
    const res = await get('/api/regions/paths?codes=330106,999999,110105,330106');
    expect(res.status).toBe(200);
    const list = res.body.data as RegionDetail[];
    expect(list.map((r) => r.id)).toEqual(['330106', '110105']);
    expect(list[1]?.path.map((p) => p.name)).toEqual(['北京市', '朝阳区']);
    // Each code checked, the list bounded: a 400 naming the field, never a 500.
    const bad = await get('/api/regions/paths?codes=110105,12ab');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^codes\.1: /);
    expect((await get('/api/regions/paths?codes=')).status).toBe(400);
    const tooMany = await get(`/api/regions/paths?codes=${Array.from({ length: 201 }, () => '110105').join(',')}`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.msg).toMatch(/^codes: /);
  });

  it('finds regions by name, names that start with it first, each with its path', async () => {
    const hits = (await get(`/api/regions/search?keyword=${encodeURIComponent('西湖')}`)).body.data as RegionDetail[];
    const westLake = hits.find((h) => h.id === '330106');
    expect(westLake?.path.map((p) => p.name)).toEqual(['浙江省', '杭州市', '西湖区']);
    expect(hits[0]?.name.startsWith('西湖')).toBe(true);
    expect(((await get(`/api/regions/search?keyword=${encodeURIComponent('杭州')}`)).body.data as RegionDetail[])[0]?.id).toBe('330100');
    expect((await get('/api/regions/search?keyword=')).status).toBe(400);
  });
});

describe('native place of students and teachers', () => {
  let studentId: number;

  it('refuses a code that is not a region with a 400 naming regionCode, on create, update and import', async () => {
    const body = { studentNo: 'R001', name: '籍贯', gender: 'female', status: 'enrolled' };
    for (const regionCode of ['999999', '330199']) {
      const res = await educate('POST', '/students', { ...body, regionCode });
      expect(res.status, regionCode).toBe(400);
      expect(res.body.msg).toBe('regionCode: not a known region code');
    }
    const malformed = await educate('POST', '/students', { ...body, regionCode: '33010' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.msg).toMatch(/^regionCode: /);
    const created = await educate('POST', '/students', { ...body, regionCode: '330106', address: '文三路 1 号' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ regionCode: '330106', address: '文三路 1 号' });
    studentId = (created.body.data as { id: number }).id;
    const badEdit = await educate('PUT', `/students/${studentId}`, { regionCode: '000000' });
    expect(badEdit.status).toBe(400);
    expect(badEdit.body.msg).toBe('regionCode: not a known region code');
    expect((await educate('GET', `/students/${studentId}`)).body.data).toMatchObject({ regionCode: '330106' });
    // '' clears it, as forms send.
    expect((await educate('PUT', `/students/${studentId}`, { regionCode: '' })).body.data).toMatchObject({ regionCode: null });
    expect((await educate('PUT', `/students/${studentId}`, { regionCode: '330106' })).status).toBe(200);

    const teacher = await educate('POST', '/teachers', {
      staffNo: 'RT1',
      name: '籍贯老师',
      gender: 'male',
      status: 'active',
      regionCode: '123456',
    });
    expect(teacher.status).toBe(400);
    expect(teacher.body.msg).toBe('regionCode: not a known region code');

    const csv = 'Student No.,Name,Gender,Status,Native place code\nR900,导入,female,enrolled,999999\n';
    const file = multipartFile('s.csv', csv);
    const imported = await call(t.app, {
      method: 'POST',
      url: '/api/educate/students/import?dryRun=true',
      headers: { ...authed(token, camId), 'accept-language': 'en-US', ...file.headers },
      payload: file.payload,
    });
    expect(imported.status).toBe(200);
    // Row errors name the column as the file writes it; `key` is the field.
    expect((imported.body.data as { errors: { field: string; key: string; msg: string }[] }).errors).toEqual([
      expect.objectContaining({ row: 2, key: 'regionCode', field: 'Native place code', msg: 'Native place code: not a known region code' }),
    ]);
  });

  it('filters and exports lists by region: a province matches its cities and counties', async () => {
    await educate('POST', '/students', { studentNo: 'R002', name: '北京人', gender: 'male', status: 'enrolled', regionCode: '110105' });
    await educate('POST', '/students', { studentNo: 'R003', name: '无籍贯', gender: 'male', status: 'enrolled' });
    const names = async (regionCode: string) =>
      ((await educate('GET', `/students?regionCode=${regionCode}`)).body.data as { list: { name: string }[] }).list.map((s) => s.name);
    expect(await names('330000')).toEqual(['籍贯']);
    expect(await names('330100')).toEqual(['籍贯']);
    expect(await names('330106')).toEqual(['籍贯']);
    expect(await names('330102')).toEqual([]);
    expect(await names('110000')).toEqual(['北京人']);
    expect(await names('999999')).toEqual([]);
    expect((await educate('GET', '/students?regionCode=abc')).status).toBe(400);

    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/educate/students/export?format=csv&regionCode=330000',
      headers: { ...authed(token, camId), 'accept-language': 'en-US' },
    });
    expect(exported.statusCode).toBe(200);
    const [header, ...rows] = exported.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(header).toContain('Native place code');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('330106');
  });

  it('counts students by native province in the summary report', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/report/summary', headers: authed(token, camId) });
    const byProvince = (res.body.data as ReportSummary).students.byProvince;
    expect(byProvince).toEqual(
      expect.arrayContaining([
        { regionCode: '330000', name: '浙江省', count: 1 },
        { regionCode: '110000', name: '北京市', count: 1 },
        { regionCode: null, name: '', count: 1 },
      ]),
    );
  });
});
