// The benchmark campus, generated deterministically: students and teachers as
// import files (the product's own import API loads them, as a school would),
// terms, rooms, courses, enrolments and the timetable as setup SQL.

/** mulberry32: small, fast, good enough for test data. */
export function createRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Common surnames first; the weights give a believable mix (many 王/李/张).
const SURNAMES = Array.from(
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高郑梁谢宋唐许韩冯邓曹彭曾萧田董潘袁蔡蒋余于杜叶程魏苏吕丁任卢姚沈钟姜崔谭陆',
);
const SURNAME_WEIGHTS = SURNAMES.map((_, i) => 1 / (i + 3));
const SURNAME_TOTAL = SURNAME_WEIGHTS.reduce((a, b) => a + b, 0);
const GIVEN = Array.from(
  '浩宇轩子博文杰俊鹏涛明磊晨昊然睿航凯阳一嘉志远辰皓逸铭峰天翔诚泽宸煜霖哲瑞彬旭骏恒亮锐毅鑫晟楷康乐思卓欣怡梓涵雨萱佳琪诗婷雅静悦可馨瑶琳晓彤妍语心若芷璐颖慧菲蕾月洁雪倩雯婧薇宁岚韵玥恬楠桐诺艺沐清晴梦舒羽昕冉澜依',
);
const SUBJECTS = ['语文', '数学', '英语', '物理', '化学', '生物', '历史', '地理', '政治', '体育', '音乐', '美术', '信息技术'];

function pickSurname(rng) {
  let r = rng() * SURNAME_TOTAL;
  for (let i = 0; i < SURNAMES.length; i++) {
    r -= SURNAME_WEIGHTS[i];
    if (r <= 0) return SURNAMES[i];
  }
  return SURNAMES[0];
}

function pickName(rng) {
  const given = GIVEN[Math.floor(rng() * GIVEN.length)] + (rng() < 0.6 ? GIVEN[Math.floor(rng() * GIVEN.length)] : '');
  return pickSurname(rng) + given;
}

/** Every surname + first given-name character, shuffled (fixed seed): keywords of about a hundred students each. */
export function listNamePrefixes() {
  const all = SURNAMES.flatMap((s) => GIVEN.map((g) => s + g));
  const rng = createRandom(0xbeef);
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [all[i], all[j]] = [all[j], all[i]];
  }
  return all;
}

const pad = (n, width) => String(n).padStart(width, '0');

/** Years of entry; student numbers start with them (2021000001 ...). */
export const ENTRY_YEARS = [2021, 2022, 2023, 2024];

/**
 * Students `from` (inclusive) to `to` (exclusive) of `total`, as the CSV the
 * import API takes (API field names as the header). Each year of entry holds
 * a quarter of the students.
 */
export function buildStudentCsv(from, to, total) {
  const perYear = Math.ceil(total / ENTRY_YEARS.length);
  const lines = ['studentNo,name,gender,birthDate,grade,className,phone,status,enrolDate'];
  for (let i = from; i < to; i++) {
    const rng = createRandom(0x5eed + i);
    const yearIndex = Math.min(ENTRY_YEARS.length - 1, Math.floor(i / perYear));
    const year = ENTRY_YEARS[yearIndex];
    const seq = i - yearIndex * perYear + 1;
    const birthYear = year - 15;
    const birth = `${birthYear}-${pad(1 + Math.floor(rng() * 12), 2)}-${pad(1 + Math.floor(rng() * 28), 2)}`;
    const className = `${year}级${1 + (seq % 40)}班`;
    const phone = `13${pad(Math.floor(rng() * 1e9), 9)}`;
    lines.push(
      [
        `${year}${pad(seq, 6)}`,
        pickName(rng),
        rng() < 0.5 ? 'male' : 'female',
        birth,
        `${year}级`,
        className,
        phone,
        'enrolled',
        `${year}-09-01`,
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

export function buildTeacherCsv(count) {
  const lines = ['staffNo,name,gender,phone,subject,title,status,hireDate'];
  for (let i = 0; i < count; i++) {
    const rng = createRandom(0x7eac + i);
    lines.push(
      [
        `T${pad(i + 1, 5)}`,
        pickName(rng),
        rng() < 0.5 ? 'male' : 'female',
        `139${pad(Math.floor(rng() * 1e8), 8)}`,
        SUBJECTS[i % SUBJECTS.length],
        rng() < 0.3 ? '高级教师' : '一级教师',
        'active',
        `${2000 + (i % 24)}-08-20`,
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** 30 weekly slots: Monday to Friday, six periods of 95 minutes. */
const PERIOD_STARTS = [480, 600, 840, 960, 1110, 1200];
const SLOTS = PERIOD_STARTS.length * 5;

const isoDay = (d) => d.toISOString().slice(0, 10);

/**
 * Term, rooms, courses (each teacher one or two), enrolments (every student
 * in two courses) and a timetable with no teacher or room clash: course c
 * meets in slot c mod 30, and the first two thirds of the courses also in
 * slot c+15; rooms are handed out per slot.
 */
export async function seedTimetable(client, { camId, courses, secondEntryCourses }) {
  const now = Date.now();
  const start = isoDay(new Date(now - 60 * 86_400_000));
  const end = isoDay(new Date(now + 80 * 86_400_000));
  const teachers = Number((await client.query('select count(*) from teachers where cam_id = $1', [camId])).rows[0].count);
  const entries = courses + secondEntryCourses;
  const rooms = Math.ceil(entries / SLOTS) + 10;

  const term = await client.query(
    `insert into terms (cam_id, name, academic_year, start_date, end_date, is_current)
     values ($1, 'Bench term', '2026-2027', $2, $3, true) returning id`,
    [camId, start, end],
  );
  const termId = term.rows[0].id;
  await client.query(
    `insert into rooms (cam_id, code, name, capacity)
     select $1, 'R' || lpad(g::text, 4, '0'), 'Room ' || g, 120 from generate_series(1, $2::int) g`,
    [camId, rooms],
  );
  await client.query(
    `insert into courses (cam_id, term_id, code, name, teacher_id, capacity, status)
     select $1, $2, 'C' || lpad(g::text, 5, '0'), 'Course ' || g, t.id, 400, 'open'
     from generate_series(0, $3::int - 1) g
     join (select id, row_number() over (order by staff_no) - 1 as rn from teachers where cam_id = $1) t on t.rn = g % $4::int`,
    [camId, termId, courses, teachers],
  );
  await client.query(
    `with c as (select id, row_number() over (order by code) - 1 as rn from courses where cam_id = $1),
          s as (select id, row_number() over (order by student_no) - 1 as rn from students where cam_id = $1)
     insert into enrolments (cam_id, course_id, student_id)
     select distinct $1::int, c.id, s.id
     from s cross join lateral (values (s.rn % $2::int), ((s.rn * 7 + 13) % $2::int)) v(k)
     join c on c.rn = v.k`,
    [camId, courses],
  );
  await client.query(
    `update courses k set enrolled_count = e.n
     from (select course_id, count(*) as n from enrolments where cam_id = $1 group by course_id) e
     where k.id = e.course_id and k.cam_id = $1`,
    [camId],
  );
  await client.query(
    `with c as (select id, teacher_id, row_number() over (order by code) - 1 as rn from courses where cam_id = $1),
          e as (select c.id as course_id, c.teacher_id, (c.rn + 15 * j) % ${SLOTS} as slot, c.rn, j
                from c cross join generate_series(0, 1) j where j = 0 or c.rn < $2::int),
          r as (select id, row_number() over (order by code) - 1 as rn from rooms where cam_id = $1),
          placed as (select e.*, row_number() over (partition by slot order by rn, j) - 1 as room_rn from e)
     insert into schedule_entries (cam_id, course_id, weekday, start_min, end_min, room_id, teacher_id, week_start, week_end, week_pattern)
     select $1, p.course_id, p.slot / ${PERIOD_STARTS.length} + 1,
            (array[${PERIOD_STARTS.join(',')}])[p.slot % ${PERIOD_STARTS.length} + 1],
            (array[${PERIOD_STARTS.join(',')}])[p.slot % ${PERIOD_STARTS.length} + 1] + 95,
            r.id, p.teacher_id, 1, 16, 'all'
     from placed p join r on r.rn = p.room_rn`,
    [camId, secondEntryCourses],
  );
  const counts = await client.query(
    `select (select count(*) from courses where cam_id = $1)::int as courses,
            (select count(*) from enrolments where cam_id = $1)::int as enrolments,
            (select count(*) from schedule_entries where cam_id = $1)::int as entries,
            (select count(*) from rooms where cam_id = $1)::int as rooms`,
    [camId],
  );
  return { termId, ...counts.rows[0] };
}

/**
 * A write the clash check must refuse: the first entry's room and time, for a
 * course in another slot whose teacher is free then (409 with a room clash).
 */
export async function findClashProbe(client, camId) {
  const { rows } = await client.query(
    `select e.course_id, e.weekday, e.start_min, e.end_min, e.room_id from schedule_entries e
     where e.cam_id = $1 order by e.id limit 1`,
    [camId],
  );
  const first = rows[0];
  const other = await client.query(
    `select k.id from courses k where k.cam_id = $1 and k.id <> $2
       and not exists (select 1 from schedule_entries x where x.cam_id = $1 and x.teacher_id = k.teacher_id
                       and x.weekday = $3 and x.start_min < $5 and x.end_min > $4)
     order by k.code desc limit 1`,
    [camId, first.course_id, first.weekday, first.start_min, first.end_min],
  );
  const hm = (m) => `${pad(Math.floor(m / 60), 2)}:${pad(m % 60, 2)}`;
  return {
    courseId: other.rows[0].id,
    body: {
      weekday: first.weekday,
      startTime: hm(first.start_min),
      endTime: hm(first.end_min),
      roomId: first.room_id,
      weekStart: 1,
      weekEnd: 16,
      weekPattern: 'all',
    },
  };
}
