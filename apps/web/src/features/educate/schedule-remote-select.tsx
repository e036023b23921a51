import Select from '@arco-design/web-react/es/Select';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import type { PickOption } from './schedule-api';

interface RemoteSelectProps {
  value?: number | undefined;
  onChange?: (value: number | undefined, option: PickOption | undefined) => void;
  search: (keyword: string) => Promise<PickOption[]>;
  /** The label of the current value before any search has found it. */
  known?: PickOption | undefined;
  placeholder?: string;
  ariaLabel?: string;
  allowClear?: boolean;
  style?: CSSProperties;
  className?: string;
}

const DEBOUNCE_MS = 250;

/** A picker that asks the server for a page of matches as the user types (prefix search). */
export function RemoteSelect({ value, onChange, search, known, placeholder, ariaLabel, allowClear, style, className }: RemoteSelectProps) {
  const [options, setOptions] = useState<PickOption[]>([]);
  const [isLoading, setIsLoading] = useState(false);
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [picked, setPicked] = useState<PickOption | undefined>(undefined);

  const runSearch = (keyword: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const ticket = ++latest.current;
      setIsLoading(true);
      search(keyword)
        .then((found) => {
          if (ticket === latest.current) setOptions(found);
        })
        .catch(() => {
          if (ticket === latest.current) setOptions([]);
        })
        .finally(() => {
          if (ticket === latest.current) setIsLoading(false);
        });
    }, DEBOUNCE_MS);
  };

  useEffect(() => () => clearTimeout(timer.current), []);

  // The chosen option stays listed so its label shows whatever the last search found.
  const current = [picked, known].find((o) => o !== undefined && o.value === value);
  const shown = current && !options.some((o) => o.value === current.value) ? [current, ...options] : options;

  return (
    <Select
      className={className}
      style={style}
      showSearch
      allowClear={allowClear}
      placeholder={placeholder}
      aria-label={ariaLabel}
      value={value}
      loading={isLoading}
      filterOption={false}
      options={shown.map((o) => ({ value: o.value, label: o.label }))}
      onSearch={runSearch}
      onFocus={() => {
        if (!options.length) runSearch('');
      }}
      onChange={(v: number | undefined) => {
        const option = shown.find((o) => o.value === v);
        setPicked(option);
        onChange?.(v, option);
      }}
    />
  );
}
