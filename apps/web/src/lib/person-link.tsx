import { Perm } from '@campus/contract';
import { Link } from 'react-router';
import { usePermission } from './permission';
import { useRegionName } from './region-cascader';

/**
 * A student's or teacher's name that opens their profile page, wherever the
 * name appears (lists, rosters, timetables, reports); plain text for a caller
 * who cannot read that list.
 */
export function PersonLink({ kind, id, name }: { kind: 'student' | 'teacher'; id: number; name: string }) {
  const can = usePermission();
  if (!can([kind === 'student' ? Perm.studentList : Perm.teacherList])) return <>{name}</>;
  return (
    <Link to={`/educate/${kind}/${id}`} className="person-link" data-person={`${kind}-${id}`}>
      {name}
    </Link>
  );
}

/** A region code as "浙江省 / 杭州市 / 西湖区" in a list cell; a dash when there is none. */
export function RegionName({ code }: { code: string | null | undefined }) {
  // Joined as an address is written ("湖北省武汉市武昌区"): fits a list column on one line.
  const name = useRegionName(code, '');
  return <>{code ? name || code : '—'}</>;
}
