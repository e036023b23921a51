// The bare baseline: Node `http` + `pg`, no framework, answering the
// benchmark's requests with the obvious SQL on the product's own tables. It
// checks no token on list/get/update (the floor: no per-request session
// query) and validates no more than it must. What it must answer is the same
// question as the product: the same rows, the same total, the same log row.
//
//   DATABASE_URL=postgres://... PORT=4100 node bench/baseline-server.mjs
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import pg from 'pg';

const require = createRequire(import.meta.url);
const { verify } = require('@node-rs/argon2');
const { decryptLoginPassword } = await import('../packages/contract/dist/login-crypto.js');

// Dates as the API writes them (YYYY-MM-DD), not as local-midnight Date objects.
pg.types.setTypeParser(1082, (v) => v);

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_MAX ?? 10) });
const port = Number(process.env.PORT ?? 4100);

const STUDENT_COLUMNS = `id, student_no, name, gender, birth_date, grade, class_name, phone, email, guardian_name, guardian_phone,
  guardian_relation, status, enrol_date, remark, created_at, updated_at`;
const EDITABLE = {
  studentNo: 'student_no',
  name: 'name',
  gender: 'gender',
  birthDate: 'birth_date',
  grade: 'grade',
  className: 'class_name',
  phone: 'phone',
  email: 'email',
  guardianName: 'guardian_name',
  guardianPhone: 'guardian_phone',
  guardianRelation: 'guardian_relation',
  status: 'status',
  enrolDate: 'enrol_date',
  remark: 'remark',
};

const toStudent = (r) => ({
  id: r.id,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
  studentNo: r.student_no,
  name: r.name,
  gender: r.gender,
  birthDate: r.birth_date,
  grade: r.grade,
  className: r.class_name,
  phone: r.phone,
  email: r.email,
  guardianName: r.guardian_name,
  guardianPhone: r.guardian_phone,
  guardianRelation: r.guardian_relation,
  status: r.status,
  enrolDate: r.enrol_date,
  remark: r.remark,
});

const escapeLike = (s) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const fail = (res, status, msg) => send(res, status, { code: status, msg, data: null });

async function readJson(req) {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
}

const campusOf = (req) => {
  const n = Number(req.headers['x-access-camid']);
  return Number.isInteger(n) && n > 0 ? n : null;
};

async function listStudents(req, res, url) {
  const camId = campusOf(req);
  if (!camId) return fail(res, 400, 'x-access-camid');
  const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
  const pageSize = Math.min(200, Math.max(1, Number(url.searchParams.get('pageSize') ?? 20)));
  const keyword = (url.searchParams.get('keyword') ?? '').trim();
  const params = [camId];
  let where = 'cam_id = $1';
  if (keyword) {
    // Contains, ignoring case, on number, name and phone, through the grams index (the product's rule, decision 018).
    params.push(keyword, `%${escapeLike(keyword).toLowerCase()}%`);
    where += ' and search_grams @> cc_keyword_grams($2) and (lower(student_no) like $3 or lower(name) like $3 or lower(phone) like $3)';
  }
  const [rows, count] = await Promise.all([
    pool.query(
      `select ${STUDENT_COLUMNS} from students where ${where} order by created_at desc, id desc limit ${pageSize} offset ${(page - 1) * pageSize}`,
      params,
    ),
    pool.query(`select count(*)::int as n from students where ${where}`, params),
  ]);
  send(res, 200, { code: 0, msg: 'ok', data: { list: rows.rows.map(toStudent), total: count.rows[0].n, page, pageSize } });
}

async function getStudent(req, res, id) {
  const camId = campusOf(req);
  if (!camId) return fail(res, 400, 'x-access-camid');
  const { rows } = await pool.query(`select ${STUDENT_COLUMNS} from students where cam_id = $1 and id = $2`, [camId, id]);
  if (!rows[0]) return fail(res, 404, 'not found');
  send(res, 200, { code: 0, msg: 'ok', data: toStudent(rows[0]) });
}

async function updateStudent(req, res, id, started) {
  const camId = campusOf(req);
  if (!camId) return fail(res, 400, 'x-access-camid');
  const body = await readJson(req);
  const sets = [];
  const params = [camId, id];
  for (const [field, column] of Object.entries(EDITABLE)) {
    if (body[field] === undefined) continue;
    params.push(body[field]);
    sets.push(`${column} = $${params.length}`);
  }
  if (!sets.length) return fail(res, 400, 'nothing to update');
  const client = await pool.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query(
      `update students set ${sets.join(', ')}, updated_at = now() where cam_id = $1 and id = $2 returning ${STUDENT_COLUMNS}`,
      params,
    );
    if (!rows[0]) {
      await client.query('rollback');
      return fail(res, 404, 'not found');
    }
    await client.query(
      `insert into oper_logs (user_id, username, cam_id, module, action, method, path, params, status, code, msg, duration_ms, ip, user_agent)
       values (null, '', $1, 'educate:student', 'edit', 'PUT', $2, $3, 200, 0, '', $4, $5, $6)`,
      [
        camId,
        req.url.slice(0, 512),
        JSON.stringify({ params: { id }, query: {}, body }),
        Math.round(performance.now() - started),
        req.socket.remoteAddress ?? '',
        (req.headers['user-agent'] ?? '').slice(0, 512),
      ],
    );
    await client.query('commit');
    send(res, 200, { code: 0, msg: 'ok', data: toStudent(rows[0]) });
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

// The product's session and profile queries, as they are: the same question.
const SESSION_SQL = `select s.id as session_id, u.id as user_id, u.username, u.status as user_status,
    u.must_change_password, s.expires_at, s.revoked_at,
    (select array_agg(distinct p.code) from user_roles ur
       join roles r on r.id = ur.role_id and r.status = 'active'
       join role_perms rp on rp.role_id = r.id
       join perms p on p.id = rp.perm_id
     where ur.user_id = u.id) as perms,
    (select array_agg(uc.cam_id order by uc.cam_id) from user_campuses uc where uc.user_id = u.id) as cam_ids
  from sessions s join users u on u.id = s.user_id
  where s.token_hash = $1`;
const PROFILE_SQL = `select u.id, u.username, u.nickname, u.phone, u.email, u.headimgurl, u.job, u.job_name, u.organization,
    u.organization_name, u.location, u.location_name, u.introduction, u.personal_website, u.created_at, u.must_change_password,
    prev.created_at as last_login_at, prev.ip as last_login_ip,
    (select array_agg(distinct p.code order by p.code) from user_roles ur
       join roles r on r.id = ur.role_id and r.status = 'active'
       join role_perms rp on rp.role_id = r.id join perms p on p.id = rp.perm_id
     where ur.user_id = u.id) as perms,
    exists(select 1 from user_roles ur join roles r on r.id = ur.role_id
           where ur.user_id = u.id and r.code = 'admin' and r.status = 'active') as is_admin
  from users u
  left join lateral (select l.created_at, l.ip from login_logs l where l.user_id = u.id and l.success
                     order by l.id desc offset 1 limit 1) prev on true
  where u.id = $1`;

function toCurrentUser(u, camIds, requested) {
  const perms = u.perms ?? [];
  return {
    userId: u.id,
    camId: requested !== null && camIds.includes(requested) ? requested : (camIds[0] ?? 0),
    username: u.username,
    nickname: u.nickname,
    phone: u.phone ?? '',
    email: u.email,
    headimgurl: u.headimgurl,
    perms,
    role: u.is_admin || perms.includes('*') ? 'admin' : 'user',
    job: u.job,
    organization: u.organization,
    location: u.location,
    introduction: u.introduction,
    personalWebsite: u.personal_website,
    jobName: u.job_name,
    organizationName: u.organization_name,
    locationName: u.location_name,
    registrationDate: u.created_at.toISOString().slice(0, 10),
    certification: u.is_admin ? 1 : 0,
    mustChangePassword: u.must_change_password,
    lastLoginAt: u.last_login_at ? u.last_login_at.toISOString() : null,
    lastLoginIp: u.last_login_ip,
  };
}

async function currentUser(req, res) {
  const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (!token) return fail(res, 401, 'no token');
  const hash = createHash('sha256').update(token).digest('hex');
  const { rows } = await pool.query(SESSION_SQL, [hash]);
  const s = rows[0];
  if (!s || s.revoked_at || s.user_status !== 'active' || s.expires_at.getTime() <= Date.now()) return fail(res, 401, 'session');
  const profile = await pool.query(PROFILE_SQL, [s.user_id]);
  if (!profile.rows[0]) return fail(res, 401, 'session');
  send(res, 200, { code: 0, msg: 'ok', data: toCurrentUser(profile.rows[0], (s.cam_ids ?? []).map(Number), campusOf(req)) });
}

async function login(req, res) {
  const body = await readJson(req);
  const typed = String(body.username ?? '');
  const plain = decryptLoginPassword(String(body.password ?? ''));
  if (!typed || !plain) return fail(res, 400, 'username, password');
  const { rows } = await pool.query('select id, password_hash, status from users where lower(username) = $1 or phone = $2 limit 1', [
    typed.toLowerCase(),
    typed,
  ]);
  const user = rows[0];
  const ip = req.socket.remoteAddress ?? '';
  const ua = (req.headers['user-agent'] ?? '').slice(0, 512);
  if (!user || user.status !== 'active' || !(await verify(user.password_hash, plain))) {
    await pool.query(
      `insert into login_logs (username, user_id, ip, user_agent, success, reason) values ($1, $2, $3, $4, false, 'bad_credentials')`,
      [typed.toLowerCase(), user?.id ?? null, ip, ua],
    );
    return fail(res, 401, 'bad credentials');
  }
  await pool.query('update users set failed_logins = 0, locked_until = null, last_login_at = now(), last_login_ip = $2 where id = $1', [
    user.id,
    ip,
  ]);
  await pool.query(`insert into login_logs (username, user_id, ip, user_agent, success, reason) values ($1, $2, $3, $4, true, 'ok')`, [
    typed.toLowerCase(),
    user.id,
    ip,
    ua,
  ]);
  const token = randomBytes(32).toString('base64url');
  await pool.query(
    `insert into sessions (token_hash, user_id, expires_at, ip, user_agent) values ($1, $2, now() + interval '3 days', $3, $4)`,
    [createHash('sha256').update(token).digest('hex'), user.id, ip, ua],
  );
  const campuses = await pool.query(
    'select c.id as cam_id, c.name, c.code from campuses c join user_campuses uc on uc.cam_id = c.id and uc.user_id = $1 order by c.id',
    [user.id],
  );
  const profile = await pool.query(PROFILE_SQL, [user.id]);
  const camIds = campuses.rows.map((c) => c.cam_id);
  send(res, 200, {
    code: 0,
    msg: 'ok',
    data: token,
    extra: { user: toCurrentUser(profile.rows[0], camIds, null), campusList: campuses.rows },
  });
}

const STUDENT_PATH = /^\/api\/educate\/students\/(\d{1,9})$/;

const server = http.createServer((req, res) => {
  const started = performance.now();
  const url = new URL(req.url ?? '/', 'http://localhost');
  const route = async () => {
    if (req.method === 'GET' && url.pathname === '/api/health') return send(res, 200, { code: 0, msg: 'ok', data: { status: 'ok' } });
    if (req.method === 'GET' && url.pathname === '/api/educate/students') return listStudents(req, res, url);
    const m = STUDENT_PATH.exec(url.pathname);
    if (m && req.method === 'GET') return getStudent(req, res, Number(m[1]));
    if (m && req.method === 'PUT') return updateStudent(req, res, Number(m[1]), started);
    if (req.method === 'GET' && url.pathname === '/api/user/currentUser') return currentUser(req, res);
    if (req.method === 'POST' && url.pathname === '/api/login') return login(req, res);
    return fail(res, 404, 'no such route');
  };
  route().catch((err) => {
    console.error(err);
    if (!res.headersSent) fail(res, 500, 'error');
  });
});
server.keepAliveTimeout = 60_000;
server.listen(port, '127.0.0.1', () => console.log(`baseline listening on ${port}`));

const stop = () => server.close(() => pool.end().then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
