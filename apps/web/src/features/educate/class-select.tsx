import Select from '@arco-design/web-react/es/Select';
import type { CSSProperties } from 'react';
import { isTypedInText } from '../../lib/option-search';
import { useClassChoices } from './class-api';

interface ClassSelectProps {
  /** A class id; a form or a filter may hold it as text. */
  value?: number | string | null;
  onChange?: (value: number | undefined) => void;
  ariaLabel: string;
  placeholder?: string;
  className?: string;
  style?: CSSProperties;
}

/**
 * One select of the campus's active classes, grouped by grade in the school's
 * order. It lists what the class list answers, so a scoped caller sees only
 * the classes their data scope reaches (the server refuses any other).
 */
export function ClassSelect({ value, onChange, ariaLabel, placeholder, className, style }: ClassSelectProps) {
  const { classGroups, isLoadingClasses } = useClassChoices();
  const id = value === '' || value === null || value === undefined ? undefined : Number(value);
  return (
    <Select
      aria-label={ariaLabel}
      placeholder={placeholder ?? ariaLabel}
      value={id}
      onChange={(v: number | undefined) => onChange?.(v)}
      allowClear
      showSearch
      loading={isLoadingClasses}
      // Until the classes arrive, no bare id; a class the list lacks (graduated, say) shows as its number.
      renderFormat={(option) => option?.children ?? (isLoadingClasses || id === undefined ? '' : `#${id}`)}
      className={className}
      style={style}
      filterOption={(input, option) => isTypedInText((option.props as { extra?: unknown }).extra, input)}
    >
      {classGroups.map((g) => (
        <Select.OptGroup key={g.gradeId} label={g.gradeName || '—'}>
          {g.classes.map((c) => (
            <Select.Option key={c.value} value={c.value} extra={c.label}>
              {c.label}
            </Select.Option>
          ))}
        </Select.OptGroup>
      ))}
    </Select>
  );
}
