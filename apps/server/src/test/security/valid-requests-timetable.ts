import type { RouteInputs } from './route-inputs.js';

// Valid requests of the timetable-plan routes (the authorization matrix's inputs), beside the rest in
// valid-requests.ts. A generation really runs (a one-lesson plan); the cancel's victim is a run row with
// no worker behind it.

const P = '/api/educate/timetable-plans';

/** A FET file with one day, one period, one teacher and one lesson. */
const TINY_FET = `<?xml version="1.0" encoding="UTF-8"?>
<fet version="6.8.5">
<Mode>Official</Mode>
<Institution_Name>Valid school</Institution_Name>
<Days_List><Number_of_Days>1</Number_of_Days><Day><Name>Mon</Name></Day></Days_List>
<Hours_List><Number_of_Hours>1</Number_of_Hours><Hour><Name>08:00-08:45</Name></Hour></Hours_List>
<Subjects_List><Subject><Name>Maths</Name></Subject></Subjects_List>
<Teachers_List><Teacher><Name>Valid FET teacher</Name></Teacher></Teachers_List>
<Students_List><Year><Name>Y1</Name><Number_of_Students>10</Number_of_Students></Year></Students_List>
<Activities_List><Activity><Teacher>Valid FET teacher</Teacher><Subject>Maths</Subject><Students>Y1</Students><Duration>1</Duration><Total_Duration>1</Total_Duration><Id>1</Id><Activity_Group_Id>0</Activity_Group_Id><Active>true</Active></Activity></Activities_List>
<Rooms_List></Rooms_List>
<Time_Constraints_List><ConstraintBasicCompulsoryTime><Weight_Percentage>100</Weight_Percentage><Active>true</Active></ConstraintBasicCompulsoryTime></Time_Constraints_List>
<Space_Constraints_List><ConstraintBasicCompulsorySpace><Weight_Percentage>100</Weight_Percentage><Active>true</Active></ConstraintBasicCompulsorySpace></Space_Constraints_List>
</fet>`;

export const TIMETABLE_REQUESTS: Record<string, RouteInputs> = {
  [`GET ${P}`]: { build: ({ ref }) => ({ url: P, query: { termId: String(ref.termId) } }), foreign: 'noLeak' },
  [`POST ${P}`]: {
    build: ({ w, ref }) => ({ url: P, body: { name: `Valid plan ${w.make.unique()}`, termId: ref.termId } }),
    foreign: 'notFound',
  },
  [`GET ${P}/:id`]: { build: ({ path }) => ({ url: `${P}/${path.planId}` }), foreign: 'notFound' },
  [`PUT ${P}/:id`]: { build: ({ path }) => ({ url: `${P}/${path.planId}`, body: { name: 'Edited plan' } }), foreign: 'notFound' },
  [`DELETE ${P}/:id`]: {
    build: async ({ w, path }) => ({ url: `${P}/${await w.make.plan(path.camId, path.termId)}` }),
    foreign: 'notFound',
  },
  [`PUT ${P}/:id/student-sets`]: {
    build: ({ path }) => ({
      url: `${P}/${path.planId}/student-sets`,
      body: { studentSets: [{ id: 'y1', name: 'Year 1', kind: 'year', parentIds: [] }] },
    }),
    foreign: 'notFound',
  },
  [`POST ${P}/:id/activities`]: {
    // A plan of its own: the world plan's lessons are applied, and the campus's teacher is busy in the world's timetable.
    build: async ({ w, path, ref }) => ({
      url: `${P}/${await w.make.plan(path.camId, path.termId)}/activities`,
      body: { teacherIds: [ref.teacherId], durations: [1] },
    }),
    foreign: 'notFound',
    hasRefs: true,
  },
  [`PUT ${P}/:id/activities/:activityId`]: {
    build: ({ path }) => ({ url: `${P}/${path.planId}/activities/${path.activityId}`, body: { duration: 1 } }),
    foreign: 'notFound',
  },
  [`DELETE ${P}/:id/activities/:activityId`]: {
    build: async ({ w, path }) => ({ url: `${P}/${path.planId}/activities/${await w.make.activity(path.camId, path.planId)}` }),
    foreign: 'notFound',
  },
  [`PUT ${P}/:id/activities/:activityId/lock`]: {
    build: ({ path }) => ({ url: `${P}/${path.planId}/activities/${path.activityId}/lock`, body: { day: 5, period: 8 } }),
    foreign: 'notFound',
  },
  [`DELETE ${P}/:id/activities/:activityId/lock`]: {
    build: ({ path }) => ({ url: `${P}/${path.planId}/activities/${path.activityId}/lock` }),
    foreign: 'notFound',
  },
  [`POST ${P}/:id/constraints`]: {
    build: ({ path, ref }) => ({
      url: `${P}/${path.planId}/constraints`,
      body: {
        type: 'notAvailable',
        weight: 50,
        target: { kind: 'teacher', teacherId: String(ref.teacherId) },
        slots: [{ day: 1, period: 2 }],
      },
    }),
    foreign: 'notFound',
    hasRefs: true,
  },
  [`PUT ${P}/:id/constraints/:constraintId`]: {
    build: ({ path }) => ({
      url: `${P}/${path.planId}/constraints/${path.constraintId}`,
      body: { type: 'breakTimes', weight: 100, slots: [{ day: 3, period: 4 }] },
    }),
    foreign: 'notFound',
  },
  [`DELETE ${P}/:id/constraints/:constraintId`]: {
    build: async ({ w, path }) => ({ url: `${P}/${path.planId}/constraints/${await w.make.constraint(path.camId, path.planId)}` }),
    foreign: 'notFound',
  },
  [`POST ${P}/:id/generate`]: {
    build: async ({ w, path }) => {
      await w.make.runsIdle();
      return { url: `${P}/${path.planId}/generate`, body: { timeLimitS: 5, seed: 1 } };
    },
    foreign: 'notFound',
  },
  [`GET ${P}/:id/runs/:runId`]: { build: ({ path }) => ({ url: `${P}/${path.planId}/runs/${path.runId}` }), foreign: 'notFound' },
  [`GET ${P}/:id/runs/:runId/events`]: {
    build: ({ path }) => ({ url: `${P}/${path.planId}/runs/${path.runId}/events` }),
    foreign: 'notFound',
    isStream: true,
  },
  [`DELETE ${P}/:id/runs/:runId`]: {
    build: async ({ w, path }) => ({ url: `${P}/${path.planId}/runs/${await w.make.runningRun(path.camId, path.planId)}` }),
    foreign: 'notFound',
  },
  [`GET ${P}/:id/solution`]: { build: ({ path }) => ({ url: `${P}/${path.planId}/solution` }), foreign: 'notFound' },
  [`PUT ${P}/:id/solution/placements/:activityId`]: {
    build: ({ path }) => ({ url: `${P}/${path.planId}/solution/placements/${path.activityId}`, body: { day: 5, period: 8 } }),
    foreign: 'notFound',
  },
  [`POST ${P}/:id/apply`]: {
    build: async ({ w, path }) => {
      await w.make.runsIdle();
      return { url: `${P}/${path.planId}/apply` };
    },
    foreign: 'notFound',
  },
  [`POST ${P}/import-fet`]: {
    build: ({ ref }) => ({ url: `${P}/import-fet`, query: { termId: String(ref.termId) }, file: { name: 'valid.fet', content: TINY_FET } }),
    foreign: 'notFound',
  },
  [`GET ${P}/:id/export-fet`]: {
    build: ({ path }) => ({ url: `${P}/${path.planId}/export-fet`, query: { withSolution: 'true' } }),
    foreign: 'notFound',
  },
};
