import { request } from '../../lib/request';

export type StudentStatus = 'enrolled' | 'suspended' | 'graduated' | 'withdrawn';

export interface StudentRow {
  id: number;
  studentNo: string;
  name: string;
  gender: 'male' | 'female' | 'other';
  grade?: string | null;
  className?: string | null;
  guardianName?: string | null;
  guardianPhone?: string | null;
  status: StudentStatus;
}

export interface StudentQuery {
  page: number;
  pageSize: number;
  keyword?: string;
  status?: StudentStatus;
}

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

export async function fetchStudents(query: StudentQuery): Promise<Page<StudentRow>> {
  const res = await request.get<Page<StudentRow>>(
    '/educate/students',
    { ...query, keyword: query.keyword || undefined },
    { errorHandling: 'local' },
  );
  return res.data;
}
