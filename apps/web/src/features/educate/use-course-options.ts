import type { Teacher, Term } from '@campus/contract';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../../lib/i18n';
import { useSessionStore } from '../../lib/session';
import { formatTermLabel } from '../../lib/term-label';
import { educateKeys, fetchOptions } from './educate-api';

/** Terms and teachers of the current campus, for course filters, forms and names in the course list. */
export function useCourseOptions() {
  const camId = useSessionStore((s) => s.campus?.cam_id ?? 0);
  const terms = useQuery({
    queryKey: educateKeys.termOptions(camId),
    queryFn: () => fetchOptions<Term>('/educate/terms', 'startDate:desc'),
  });
  const teachers = useQuery({
    queryKey: educateKeys.teacherOptions(camId),
    queryFn: () => fetchOptions<Teacher>('/educate/teachers', 'name:asc'),
  });
  const t = useT();
  const termList = terms.data ?? [];
  const teacherList = teachers.data ?? [];
  return {
    termOptions: termList.map((x) => ({ value: String(x.id), label: formatTermLabel(t, x) })),
    teacherOptions: teacherList.map((x) => ({ value: String(x.id), label: `${x.name} (${x.staffNo})` })),
    // Blank while loading; `#id` only for a reference the campus no longer lists.
    termName: (id: number) => {
      if (!terms.isSuccess) return '';
      const term = termList.find((x) => x.id === id);
      return term ? formatTermLabel(t, term) : `#${id}`;
    },
    teacherName: (id: number) => (teachers.isSuccess ? (teacherList.find((x) => x.id === id)?.name ?? `#${id}`) : ''),
  };
}
