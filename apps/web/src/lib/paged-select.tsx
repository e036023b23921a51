import Button from '@arco-design/web-react/es/Button';
import Select from '@arco-design/web-react/es/Select';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useT } from './i18n';
import './paged-select.css';

export interface PagedOption {
  value: number;
  label: string;
}

export interface OptionPage {
  list: PagedOption[];
  total: number;
}

export interface PagedSource {
  /** Names the picker's queries (its pages are cached per keyword). */
  queryKey: readonly unknown[];
  /** One page of matches for a keyword, from 1. */
  fetchPage: (keyword: string, page: number) => Promise<OptionPage>;
  /** The label of a chosen value no page has shown yet (an edit form's linked account). */
  resolve?: (value: number) => Promise<PagedOption | null>;
}

interface PagedSelectProps extends PagedSource {
  value?: number | number[] | undefined;
  onChange?: (value: number | number[] | undefined) => void;
  mode?: 'multiple';
  placeholder?: string;
  ariaLabel?: string;
  allowClear?: boolean;
  style?: CSSProperties;
}

const DEBOUNCE_MS = 250;
/** How near the end of the list (px) scrolling asks for the next page. */
const LOAD_AHEAD_PX = 32;

/**
 * The console's picker for anything with more rows than one answer holds
 * (students, accounts): the server searches as the user types, the list
 * loads its next page when scrolled to the end (or with "load more"), and the
 * foot of the list says how many of how many are shown.
 */
export function PagedSelect({
  queryKey,
  fetchPage,
  resolve,
  value,
  onChange,
  mode,
  placeholder,
  ariaLabel,
  allowClear,
  style,
}: PagedSelectProps) {
  const t = useT();
  const [keyword, setKeyword] = useState('');
  const [isOpened, setIsOpened] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const pages = useInfiniteQuery({
    queryKey: [...queryKey, 'pages', keyword],
    queryFn: ({ pageParam }) => fetchPage(keyword, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (all.reduce((n, p) => n + p.list.length, 0) < last.total ? all.length + 1 : undefined),
    enabled: isOpened,
    placeholderData: keepPreviousData,
  });
  const loaded = pages.data?.pages.flatMap((p) => p.list) ?? [];
  const total = pages.data?.pages.at(-1)?.total ?? 0;

  // Labels of chosen values: from the pages seen, else asked for once.
  const [known, setKnown] = useState<ReadonlyMap<number, string>>(new Map());
  const chosen = value === undefined ? [] : Array.isArray(value) ? value : [value];
  const missing = chosen.find((v) => !known.has(v) && !loaded.some((o) => o.value === v));
  const resolved = useQuery({
    queryKey: [...queryKey, 'one', missing],
    queryFn: () => (resolve && missing !== undefined ? resolve(missing) : Promise.resolve(null)),
    enabled: resolve !== undefined && missing !== undefined,
  });
  const labelOf = (v: number) =>
    loaded.find((o) => o.value === v)?.label ?? known.get(v) ?? (resolved.data?.value === v ? resolved.data.label : undefined);
  const extra = chosen.filter((v) => !loaded.some((o) => o.value === v)).map((v) => ({ value: v, label: labelOf(v) ?? `#${v}` }));
  const options = [...extra, ...loaded];

  const loadMore = () => {
    if (pages.hasNextPage && !pages.isFetchingNextPage) void pages.fetchNextPage();
  };

  return (
    <Select
      mode={mode}
      showSearch
      filterOption={false}
      allowClear={allowClear}
      placeholder={placeholder}
      aria-label={ariaLabel}
      style={style}
      value={value}
      loading={pages.isFetching}
      options={options}
      onSearch={(text: string) => {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setKeyword(text.trim()), DEBOUNCE_MS);
      }}
      onVisibleChange={(isVisible: boolean) => {
        if (isVisible) setIsOpened(true);
      }}
      onPopupScroll={(el: HTMLElement) => {
        if (el.scrollTop + el.clientHeight >= el.scrollHeight - LOAD_AHEAD_PX) loadMore();
      }}
      onChange={(next: number | number[] | undefined) => {
        const picked = next === undefined ? [] : Array.isArray(next) ? next : [next];
        setKnown(
          (m) =>
            new Map([
              ...m,
              ...picked.flatMap((v): [number, string][] => {
                const label = labelOf(v);
                return label === undefined ? [] : [[v, label]];
              }),
            ]),
        );
        onChange?.(next);
      }}
      dropdownRender={(menu) => (
        <div className="paged-select-popup">
          {menu}
          {pages.data && (
            <div className="paged-select-foot" aria-live="polite">
              <span>{t('picker.shown', { shown: loaded.length, total })}</span>
              {pages.hasNextPage && (
                <Button type="text" size="mini" loading={pages.isFetchingNextPage} onClick={loadMore}>
                  {t('picker.more')}
                </Button>
              )}
            </div>
          )}
        </div>
      )}
    />
  );
}
