import Alert from '@arco-design/web-react/es/Alert';
import Button from '@arco-design/web-react/es/Button';
import Input from '@arco-design/web-react/es/Input';
import Modal from '@arco-design/web-react/es/Modal';
import Radio from '@arco-design/web-react/es/Radio';
import Select from '@arco-design/web-react/es/Select';
import { Perm } from '@campus/contract';
import { useState } from 'react';
import { notifyError, showSuccess } from '../../lib/feedback';
import { useT } from '../../lib/i18n';
import type { ListQuery } from '../../lib/list-page/list-query';
import { Permission } from '../../lib/permission';
import { bulkChangeStudents, useClassChoices, type StudentBulkBody } from './class-api';
import { valueOptions } from './educate-labels';

type Action = 'status' | 'classId' | 'remark';

/**
 * Changes the selected students, or every student of the list's filter: a
 * status, a class, or the remark. Previewed with the count; applied all or none.
 */
export function StudentBulkButton({ query, selected, onDone }: { query: ListQuery; selected: readonly number[]; onDone: () => void }) {
  const t = useT();
  const options = useClassChoices();
  const [isOpen, setOpen] = useState(false);
  const [action, setAction] = useState<Action>('status');
  const [value, setValue] = useState<string | number | undefined>(undefined);
  const [count, setCount] = useState<number | null>(null);
  const [isBusy, setBusy] = useState(false);

  const body = (): StudentBulkBody => ({
    ...(selected.length
      ? { ids: [...selected] }
      : { filter: Object.fromEntries(Object.entries({ ...query.filters, keyword: query.keyword ?? '' }).filter(([, v]) => v !== '')) }),
    set: { [action]: value ?? '' },
  });
  const run = async (isDryRun: boolean) => {
    setBusy(true);
    try {
      const res = await bulkChangeStudents(body(), isDryRun);
      if (isDryRun) setCount(res.updated);
      else {
        showSuccess(t('educate.bulk.done', { count: res.updated }));
        setOpen(false);
        setCount(null);
        onDone();
      }
    } catch (err) {
      notifyError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const change = (next: () => void) => {
    next();
    setCount(null);
  };

  return (
    <Permission perms={[Perm.studentEdit]}>
      <Button onClick={() => setOpen(true)}>
        {t('educate.bulk.title')}
        {selected.length ? ` (${selected.length})` : ''}
      </Button>
      <Modal
        title={t('educate.bulk.title')}
        visible={isOpen}
        onCancel={() => setOpen(false)}
        okText={t('educate.bulk.apply')}
        cancelText={t('common.cancel')}
        okButtonProps={{ disabled: count === null || count === 0 || value === undefined }}
        confirmLoading={isBusy}
        onOk={() => void run(false)}
        unmountOnExit
      >
        <p>{selected.length ? t('educate.bulk.selected', { count: selected.length }) : t('educate.bulk.filtered')}</p>
        <Radio.Group
          value={action}
          onChange={(v: Action) => change(() => (setAction(v), setValue(undefined)))}
          options={[
            { value: 'status', label: t('educate.bulk.status') },
            { value: 'classId', label: t('educate.bulk.class') },
            { value: 'remark', label: t('educate.bulk.remark') },
          ]}
        />
        <div style={{ margin: '12px 0' }}>
          {action === 'status' && (
            <Select
              aria-label={t('educate.bulk.status')}
              options={valueOptions(t, 'studentStatus').filter((o) => o.value !== 'graduated')}
              value={value}
              onChange={(v: string) => change(() => setValue(v))}
            />
          )}
          {action === 'classId' && (
            <Select
              aria-label={t('educate.bulk.class')}
              showSearch
              options={options.classOptions}
              value={value}
              onChange={(v: number) => change(() => setValue(v))}
            />
          )}
          {action === 'remark' && (
            <Input aria-label={t('educate.bulk.remark')} value={String(value ?? '')} onChange={(v) => change(() => setValue(v))} />
          )}
        </div>
        <Button loading={isBusy} disabled={value === undefined} onClick={() => void run(true)}>
          {t('educate.bulk.preview')}
        </Button>
        {count !== null && (
          <Alert style={{ marginTop: 12 }} type={count ? 'info' : 'warning'} content={t('educate.bulk.count', { count })} />
        )}
      </Modal>
    </Permission>
  );
}
