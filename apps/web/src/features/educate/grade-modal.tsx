import Button from '@arco-design/web-react/es/Button';
import Input from '@arco-design/web-react/es/Input';
import InputNumber from '@arco-design/web-react/es/InputNumber';
import Modal from '@arco-design/web-react/es/Modal';
import Table from '@arco-design/web-react/es/Table';
import { Perm, type Grade } from '@campus/contract';
import { useState } from 'react';
import { notifyError, showSuccess } from '../../lib/feedback';
import { useT } from '../../lib/i18n';
import { Permission, usePermission } from '../../lib/permission';
import { gradeApi, useClassOptions } from './class-api';

/** The campus's grades in the school's order: add, rename, reorder, remove an unused one. */
export function GradeButton() {
  const t = useT();
  const [isOpen, setOpen] = useState(false);
  const options = useClassOptions();
  const can = usePermission();
  const [name, setName] = useState('');
  const [order, setOrder] = useState<number | undefined>(undefined);

  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      showSuccess(done);
      await options.refetchGrades();
    } catch (err) {
      notifyError((err as Error).message);
    }
  };
  const add = () =>
    run(async () => {
      await gradeApi.create({ name, order: order ?? options.grades.length + 1 });
      setName('');
      setOrder(undefined);
    }, t('form.created'));

  return (
    <Permission perms={[Perm.gradeList]}>
      <Button onClick={() => setOpen(true)}>{t('educate.class.grades')}</Button>
      <Modal title={t('educate.class.grades')} visible={isOpen} footer={null} onCancel={() => setOpen(false)} style={{ width: 560 }}>
        <p>{t('educate.class.gradeHint')}</p>
        <Table<Grade>
          rowKey="id"
          size="small"
          pagination={false}
          data={options.grades}
          columns={[
            { title: t('educate.class.gradeOrder'), dataIndex: 'order', width: 160 },
            { title: t('educate.class.gradeName'), dataIndex: 'name' },
            {
              title: '',
              width: 90,
              render: (_: unknown, g: Grade) => (
                <Permission perms={[Perm.gradeDelete]}>
                  <Button
                    type="text"
                    size="mini"
                    status="danger"
                    onClick={() => void run(() => gradeApi.remove(g.id), t('list.deleted', { count: 1 }))}
                  >
                    {t('list.delete')}
                  </Button>
                </Permission>
              ),
            },
          ]}
        />
        {can([Perm.gradeAdd]) && (
          <Permission perms={[Perm.gradeAdd]}>
            <div style={{ display: 'flex', gap: 8, marginTop: 12 }}>
              <InputNumber
                aria-label={t('educate.class.gradeOrder')}
                placeholder={t('educate.class.gradeOrder')}
                min={0}
                precision={0}
                value={order}
                onChange={(v) => setOrder(v)}
                style={{ width: 180 }}
              />
              <Input aria-label={t('educate.class.gradeName')} placeholder={t('educate.class.gradeName')} value={name} onChange={setName} />
              <Button type="primary" disabled={!name.trim()} onClick={() => void add()}>
                {t('common.add')}
              </Button>
            </div>
          </Permission>
        )}
      </Modal>
    </Permission>
  );
}
