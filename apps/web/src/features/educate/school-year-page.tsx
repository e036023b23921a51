import Alert from '@arco-design/web-react/es/Alert';
import Button from '@arco-design/web-react/es/Button';
import Card from '@arco-design/web-react/es/Card';
import Input from '@arco-design/web-react/es/Input';
import Radio from '@arco-design/web-react/es/Radio';
import Table from '@arco-design/web-react/es/Table';
import type { Promotion, PromotionResult } from '@campus/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { notifyError, openConfirm, showSuccess } from '../../lib/feedback';
import { useT } from '../../lib/i18n';
import { PageFrame } from '../../lib/page-frame';
import { classKeys, fetchPromotions, promoteSchoolYear, undoPromotion, useClassOptions, type PromoteChoice } from './class-api';
import '../../lib/list-page/list-messages';
import { formatDateTime } from '../../lib/format';

type Row = PromotionResult['classes'][number];

/** The year-end wizard: choose, preview (nothing written), apply all at once; the latest run can be undone for a day. */
export function SchoolYearPage() {
  const t = useT();
  const queryClient = useQueryClient();
  const { camId } = useClassOptions();
  const [choice, setChoice] = useState<PromoteChoice>({ headTeachers: 'keep', schoolYear: '' });
  const [preview, setPreview] = useState<PromotionResult | null>(null);
  const [isBusy, setBusy] = useState(false);
  const history = useQuery({ queryKey: classKeys.promotions(camId), queryFn: fetchPromotions });

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: classKeys.all(camId) });
    await queryClient.invalidateQueries({ queryKey: classKeys.anyOptions });
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      notifyError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const moved = (p: PromotionResult) => p.classes.filter((c) => !c.graduates).length;
  const apply = (p: PromotionResult) =>
    openConfirm({
      title: t('educate.class.yearEnd'),
      content: t('educate.schoolYear.confirm', { classes: moved(p), graduated: p.graduated }),
      okText: t('educate.schoolYear.apply'),
      cancelText: t('common.cancel'),
      onOk: () =>
        void run(async () => {
          await promoteSchoolYear(choice, false);
          setPreview(null);
          showSuccess(t('educate.schoolYear.done'));
          await refresh();
        }),
    });
  const undo = (p: Promotion) =>
    openConfirm({
      title: t('educate.schoolYear.undo'),
      content: t('educate.schoolYear.undoConfirm'),
      okText: t('educate.schoolYear.undo'),
      cancelText: t('common.cancel'),
      onOk: () =>
        void run(async () => {
          await undoPromotion(p.id);
          showSuccess(t('educate.schoolYear.undone'));
          await refresh();
        }),
    });

  return (
    <PageFrame titleKey="menu.educate.schoolYear">
      <Alert type="info" content={t('educate.schoolYear.intro')} />
      <Card bordered={false}>
        <div className="school-year-form" style={{ display: 'flex', gap: 24, flexWrap: 'wrap', alignItems: 'center' }}>
          <span>{t('educate.schoolYear.headTeachers')}</span>
          <Radio.Group
            value={choice.headTeachers}
            onChange={(v: PromoteChoice['headTeachers']) => {
              setChoice({ ...choice, headTeachers: v });
              setPreview(null);
            }}
            options={[
              { value: 'keep', label: t('educate.schoolYear.keep') },
              { value: 'clear', label: t('educate.schoolYear.clear') },
            ]}
          />
          <Input
            style={{ width: 320 }}
            aria-label={t('educate.schoolYear.schoolYear')}
            placeholder={t('educate.schoolYear.schoolYear')}
            value={choice.schoolYear}
            onChange={(v) => {
              setChoice({ ...choice, schoolYear: v.trim() });
              setPreview(null);
            }}
          />
          <Button loading={isBusy} onClick={() => void run(async () => setPreview(await promoteSchoolYear(choice, true)))}>
            {t('educate.schoolYear.preview')}
          </Button>
          {preview && (
            <Button type="primary" status="warning" loading={isBusy} onClick={() => apply(preview)}>
              {t('educate.schoolYear.apply')}
            </Button>
          )}
        </div>
      </Card>
      {preview && (
        <Card bordered={false} title={t('educate.schoolYear.summary', { classes: moved(preview), graduated: preview.graduated })}>
          <Table<Row>
            rowKey="id"
            size="small"
            pagination={false}
            data={preview.classes}
            columns={[
              { title: t('educate.schoolYear.from'), dataIndex: 'from' },
              {
                title: t('educate.schoolYear.to'),
                render: (_: unknown, r: Row) => (r.graduates ? t('educate.schoolYear.graduates') : r.to),
              },
              { title: t('educate.schoolYear.students'), dataIndex: 'students', width: 120 },
            ]}
          />
        </Card>
      )}
      <Card bordered={false} title={t('educate.schoolYear.history')}>
        <Table<Promotion>
          rowKey="id"
          size="small"
          pagination={false}
          loading={history.isLoading}
          data={history.data ?? []}
          noDataElement={<span>{t('educate.schoolYear.noHistory')}</span>}
          columns={[
            { title: t('field.createdAt'), dataIndex: 'createdAt', width: 200, render: (v: string) => formatDateTime(v) },
            { title: t('educate.schoolYear.by'), dataIndex: 'username', width: 140 },
            {
              title: t('educate.schoolYear.result'),
              render: (_: unknown, p: Promotion) => t('educate.schoolYear.summary', { classes: p.classes, graduated: p.graduated }),
            },
            {
              title: '',
              width: 260,
              render: (_: unknown, p: Promotion) =>
                p.undoneAt ? (
                  t('educate.schoolYear.undone')
                ) : p.undoUntil ? (
                  <Button size="mini" status="danger" loading={isBusy} onClick={() => undo(p)}>
                    {t('educate.schoolYear.undo')} · {t('educate.schoolYear.undoUntil', { time: dayjs(p.undoUntil).format('MM-DD HH:mm') })}
                  </Button>
                ) : null,
            },
          ]}
        />
      </Card>
    </PageFrame>
  );
}
