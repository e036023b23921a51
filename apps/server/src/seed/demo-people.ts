import { addDays, daysBetween, earlierDate, formatDate, makeDate, toLocalDate, type LocalDate } from './demo-calendar.js';
import { MANAGER_POSTS, TEACHER_SUBJECTS, type Grade } from './demo-catalogue.js';
import { createAdultName, createMobile, createYoungName, pickSurname, type Gender } from './demo-names.js';
import { isChance, pickOne, pickWeighted, randomInt, shuffle, type Random } from './demo-random.js';
import type { Context, ManagerRow, StudentRow, StudentStatus, TeacherRow } from './demo-rows.js';
import { atOfficeTime, pad } from './demo-rows.js';
import { pickNativePlace } from './demo-places.js';

// The people of a demo campus: teachers, managers and students with their guardians.

export function planTeachers(ctx: Context, goLive: LocalDate): TeacherRow[] {
  const { rng, code, calendar } = ctx;
  return TEACHER_SUBJECTS.map((t, i) => {
    const gender: Gender = isChance(rng, 0.58) ? 'female' : 'male';
    const hireYear = randomInt(rng, 1996, calendar.schoolYear - 1);
    const years = calendar.schoolYear - hireYear;
    const title = years >= 16 ? (isChance(rng, 0.8) ? '高级教师' : '一级教师') : years >= 6 ? '一级教师' : '二级教师';
    const hireDate = makeDate(hireYear, 8, randomInt(rng, 15, 31));
    const staffNo = `${code}T${pad(i + 1, 4)}`;
    return {
      staffNo,
      name: createAdultName(rng, gender),
      gender,
      phone: createMobile(rng, ctx.phones),
      email: `${staffNo.toLowerCase()}@school.example.com`,
      subject: t.subject,
      title,
      status: t.left ? 'left' : 'active',
      hireDate: formatDate(hireDate),
      regionCode: pickNativePlace(code, staffNo),
      createdAt: atOfficeTime(ctx, daysBetween(goLive, hireDate) > 0 ? hireDate : goLive),
    };
  });
}

export function planManagers(ctx: Context, goLive: LocalDate): ManagerRow[] {
  const { rng, code } = ctx;
  return MANAGER_POSTS.map((post, i) => {
    const gender: Gender = isChance(rng, 0.45) ? 'female' : 'male';
    const staffNo = `${code}M${pad(i + 1, 4)}`;
    return {
      staffNo,
      name: createAdultName(rng, gender),
      gender,
      phone: createMobile(rng, ctx.phones),
      email: `${staffNo.toLowerCase()}@school.example.com`,
      position: post.position,
      deptName: post.dept,
      status: 'active',
      createdAt: atOfficeTime(ctx, goLive),
    };
  });
}

const GUARDIANS: readonly (readonly [{ relation: string; gender: Gender; sameSurname: boolean }, number])[] = [
  [{ relation: '父亲', gender: 'male', sameSurname: true }, 46],
  [{ relation: '母亲', gender: 'female', sameSurname: false }, 44],
  [{ relation: '祖父', gender: 'male', sameSurname: true }, 3],
  [{ relation: '祖母', gender: 'female', sameSurname: false }, 3],
  [{ relation: '外祖父', gender: 'male', sameSurname: false }, 2],
  [{ relation: '外祖母', gender: 'female', sameSurname: false }, 2],
];

/**
 * Born September to July so they start 高一 at 15 (the cut-off is 31 August;
 * stopping at July keeps even a summer-holiday seed from showing a 14-year-old
 * in 高一) and are at most 18 in 高三.
 */
function createBirthDate(rng: Random, entryYear: number): LocalDate {
  const first = makeDate(entryYear - 16, 9, 1);
  return addDays(first, randomInt(rng, 0, daysBetween(first, makeDate(entryYear - 15, 7, 31))));
}

interface Cohort {
  grade: Grade;
  entryYear: number;
  graduated: boolean;
}

/**
 * Three grades of four classes, plus a handful of last summer's graduates.
 * Most students arrive with their cohort at the start of September; the
 * transfers at the end of each class roster arrive later, some of them in the
 * last few weeks, so "new students per month" has a believable shape.
 */
export function planStudents(ctx: Context): StudentRow[] {
  const { rng, code, calendar, today } = ctx;
  const y = calendar.schoolYear;
  const cohorts: Cohort[] = [
    { grade: '高三', entryYear: y - 3, graduated: true },
    { grade: '高三', entryYear: y - 2, graduated: false },
    { grade: '高二', entryYear: y - 1, graduated: false },
    { grade: '高一', entryYear: y, graduated: false },
  ];
  const names = new Set<string>();
  const rows: StudentRow[] = [];
  const transfers: number[] = [];
  for (const cohort of cohorts) {
    const entryDate = earlierDate(makeDate(cohort.entryYear, 9, 1), today);
    for (let classNo = 1; classNo <= 4; classNo++) {
      const regular = cohort.graduated ? 6 : randomInt(rng, 17, 20);
      const transferred = cohort.graduated ? 0 : randomInt(rng, 0, 2);
      for (let seat = 1; seat <= regular + transferred; seat++) {
        const isTransfer = seat > regular;
        const gender: Gender = isChance(rng, 0.51) ? 'male' : 'female';
        const surname = pickSurname(rng);
        let name = createYoungName(rng, gender, surname);
        // A repeated full name is real life, but it makes a demo look like a bug.
        for (let tries = 0; names.has(name) && tries < 10; tries++) name = createYoungName(rng, gender, surname);
        names.add(name);

        const guardian = pickWeighted(rng, GUARDIANS);
        const ownPhone = isChance(rng, cohort.grade === '高一' ? 0.3 : cohort.grade === '高二' ? 0.45 : 0.6);
        // The office registers a new cohort in the days around 1 September.
        let createdAt = atOfficeTime(ctx, addDays(entryDate, randomInt(rng, -4, 3)));
        let enrolDate = entryDate;
        if (isTransfer) {
          const earliest = addDays(entryDate, 30);
          const recent = isChance(rng, 0.35) || daysBetween(earliest, today) < 1;
          const arrival = recent
            ? addDays(today, -randomInt(rng, 0, 20))
            : addDays(earliest, randomInt(rng, 0, daysBetween(earliest, today) - 1));
          const arrivalDate = daysBetween(entryDate, arrival) < 0 ? entryDate : arrival;
          createdAt = atOfficeTime(ctx, arrivalDate);
          enrolDate = toLocalDate(createdAt);
          transfers.push(rows.length);
        }
        const studentNo = `${code}${cohort.entryYear}${pad(classNo, 2)}${pad(seat, 2)}`;
        rows.push({
          studentNo,
          regionCode: pickNativePlace(code, studentNo),
          name,
          gender,
          birthDate: formatDate(createBirthDate(rng, cohort.entryYear)),
          grade: cohort.grade,
          className: `${classNo}班`,
          phone: ownPhone ? createMobile(rng, ctx.phones) : '',
          email: ownPhone && isChance(rng, 0.2) ? `${randomInt(rng, 10_000_000, 3_999_999_999)}@qq.com` : '',
          guardianName: createAdultName(rng, guardian.gender, guardian.sameSurname ? surname : pickSurname(rng)),
          guardianPhone: createMobile(rng, ctx.phones),
          guardianRelation: guardian.relation,
          status: cohort.graduated ? 'graduated' : 'enrolled',
          enrolDate: formatDate(enrolDate),
          remark: cohort.graduated ? `${cohort.entryYear + 3}届毕业生` : isTransfer ? '外校转入' : '',
          createdAt,
        });
      }
    }
  }

  const regulars = shuffle(
    rng,
    rows.flatMap((r, i) => (r.status === 'enrolled' && !transfers.includes(i) ? [i] : [])),
  );
  const changes: [StudentStatus, readonly string[], number][] = [
    ['suspended', ['因病休学一年', '家庭原因申请休学'], randomInt(rng, 2, 4)],
    ['withdrawn', ['转学至外省', '出国留学', '随父母工作调动转学'], randomInt(rng, 2, 3)],
  ];
  for (const [status, remarks, howMany] of changes) {
    for (const index of regulars.splice(0, howMany)) {
      const row = rows[index];
      if (!row) continue;
      row.status = status;
      row.remark = pickOne(rng, remarks);
    }
  }
  return rows;
}
