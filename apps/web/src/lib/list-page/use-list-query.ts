import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { buildListSearch, parseListQuery, type ListQuery } from './list-query';

interface ResetState {
  isListReset?: boolean;
}

function isResetState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as ResetState).isListReset === true;
}

/**
 * The list's query, kept in the URL so a reload, a shared link and a tab switch
 * bring it back. A page kept alive in a hidden tab still re-renders with the
 * other page's location, so it holds on to its own last query until it is
 * shown again; shown through a bare link (the menu), it puts its query back.
 */
export function useListQuery(filterNames: readonly string[], sortFields: readonly string[]) {
  const location = useLocation();
  const navigate = useNavigate();
  const [ownPath] = useState(location.pathname);
  const [ownSearch, setOwnSearch] = useState(location.search);
  const isActive = location.pathname === ownPath;
  const isBareReturn = isActive && location.search === '' && ownSearch !== '' && !isResetState(location.state);

  if (isActive && !isBareReturn && location.search !== ownSearch) setOwnSearch(location.search);

  useEffect(() => {
    if (isBareReturn) void navigate({ pathname: ownPath, search: ownSearch }, { replace: true });
  }, [isBareReturn, navigate, ownPath, ownSearch]);

  const search = isActive && !isBareReturn ? location.search : ownSearch;
  const query = parseListQuery(search, filterNames, sortFields);

  const apply = (next: ListQuery) => {
    const nextSearch = buildListSearch(next);
    void navigate({ pathname: ownPath, search: nextSearch }, { state: nextSearch === '' ? { isListReset: true } : null });
  };

  return {
    query,
    /** A state key that changes whenever the query in the URL does. */
    searchKey: search,
    setQuery: apply,
    setFilters: (keyword: string | undefined, filters: Record<string, string>) =>
      apply({ ...query, page: 1, keyword: keyword?.trim() || undefined, filters }),
    setPage: (page: number, pageSize: number) => apply({ ...query, page: pageSize === query.pageSize ? page : 1, pageSize }),
    setSort: (sort: string | undefined) => apply({ ...query, page: 1, sort }),
    reset: () => apply({ ...query, page: 1, keyword: undefined, filters: {}, sort: undefined }),
  };
}
