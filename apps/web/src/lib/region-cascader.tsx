import Cascader from '@arco-design/web-react/es/Cascader';
import Select from '@arco-design/web-react/es/Select';
import type { Region } from '@campus/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { useT } from './i18n';
import './ops-messages';
import { fetchRegion, fetchRegions, regionKeys, searchRegions } from './regions-api';
import './region-cascader.css';

// China's regions (province / city / county, six-digit codes) for a student's or
// teacher's native place, a campus address, a user's location: browse level by
// level, or find a place by name. The value is the chosen region's code.

interface CascaderOption {
  value: string;
  label: string;
  isLeaf: boolean;
}

const toOption = (r: Region): CascaderOption => ({ value: r.id, label: r.name, isLeaf: !r.hasChildren });

/** "浙江省 / 杭州市 / 西湖区" of a code, for lists and profiles ('' while loading or when empty). */
export function useRegionName(code: string | null | undefined, separator = ' / '): string {
  const detail = useQuery({
    queryKey: regionKeys.detail(code),
    queryFn: () => fetchRegion(code ?? ''),
    enabled: Boolean(code),
    staleTime: Infinity,
  });
  return detail.data ? detail.data.path.map((p) => p.name).join(separator) : '';
}

export interface RegionCascaderProps {
  /** The chosen region's code ('' or undefined: none). */
  value?: string | null;
  onChange?: (code: string | undefined) => void;
  /** What the field is called ("籍贯"): the two controls' accessible names say it. */
  fieldLabel: string;
  placeholder?: string;
  style?: CSSProperties;
  className?: string;
}

export function RegionCascader({ value, onChange, fieldLabel, placeholder, style, className }: RegionCascaderProps) {
  const t = useT();
  const provinces = useQuery({ queryKey: regionKeys.children(''), queryFn: () => fetchRegions(), staleTime: Infinity });
  const detail = useQuery({
    queryKey: regionKeys.detail(value),
    queryFn: () => fetchRegion(value ?? ''),
    enabled: Boolean(value),
    staleTime: Infinity,
  });
  const [keyword, setKeyword] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(keyword.trim()), 250);
    return () => clearTimeout(timer);
  }, [keyword]);
  const hits = useQuery({
    queryKey: regionKeys.search(debounced),
    queryFn: () => searchRegions(debounced),
    enabled: debounced !== '',
    staleTime: Infinity,
  });

  // One array for the data: a new one each render would make the cascader drop the levels it loaded.
  const rootOptions = useMemo(() => (provinces.data ?? []).map(toOption), [provinces.data]);
  const path = value && detail.data?.id === value ? detail.data.path : [];
  const pathValue = value ? (path.length ? path.map((p) => p.id) : [value]) : [];

  return (
    <div className={['region-picker', className].filter(Boolean).join(' ')} style={style}>
      <Cascader<CascaderOption>
        className="region-picker-cascader"
        aria-label={t('region.cascaderLabel', { field: fieldLabel })}
        placeholder={placeholder ?? t('region.placeholder')}
        options={rootOptions}
        // Empty as undefined: with [] the cascader draws renderFormat's '' instead of the placeholder.
        value={pathValue.length ? pathValue : undefined}
        changeOnSelect
        allowClear
        loadMore={async (pathCodes: string[]) => (await fetchRegions(pathCodes[pathCodes.length - 1])).map(toOption)}
        renderFormat={(labels: string[]) => (path.length ? path.map((p) => p.name) : labels).join(' / ')}
        onChange={(next) => {
          const codes = (next as string[] | undefined) ?? [];
          onChange?.(codes.length ? codes[codes.length - 1] : undefined);
        }}
      />
      <Select
        className="region-picker-search"
        aria-label={t('region.searchLabel', { field: fieldLabel })}
        placeholder={t('region.searchPlaceholder')}
        showSearch
        allowClear
        filterOption={false}
        value={undefined}
        inputValue={keyword}
        onInputValueChange={(v: string) => setKeyword(v)}
        loading={hits.isFetching}
        notFoundContent={null}
        options={(hits.data ?? []).map((h) => ({ value: h.id, label: h.path.map((p) => p.name).join(' / ') }))}
        onChange={(code: string | undefined) => {
          if (code) onChange?.(code);
          setKeyword('');
        }}
      />
    </div>
  );
}
