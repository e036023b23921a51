// The people and course records' fixed value lists and sortable columns, apart from their schemas: a
// list page reads these when it opens, and builds no schema until a form needs one (issue 22).

export const GENDERS = ['male', 'female', 'other'] as const;
export const STUDENT_STATUSES = ['enrolled', 'suspended', 'graduated', 'withdrawn'] as const;
export const STAFF_STATUSES = ['active', 'left'] as const;
export const COURSE_STATUSES = ['draft', 'open', 'closed'] as const;
export const STUDENT_SORTS = ['studentNo', 'name', 'grade', 'className', 'status', 'birthDate', 'enrolDate', 'createdAt'] as const;
export const TEACHER_SORTS = ['staffNo', 'name', 'subject', 'title', 'status', 'hireDate', 'createdAt'] as const;
export const MANAGER_SORTS = ['staffNo', 'name', 'position', 'status', 'createdAt'] as const;
export const ROOM_SORTS = ['code', 'name', 'capacity', 'createdAt'] as const;
export const TERM_SORTS = ['name', 'academicYear', 'startDate', 'endDate', 'createdAt'] as const;
export const COURSE_SORTS = ['code', 'name', 'capacity', 'enrolled', 'status', 'createdAt'] as const;
