import Button from '@arco-design/web-react/es/Button';
import Popconfirm from '@arco-design/web-react/es/Popconfirm';
import type { Translate } from '../../lib/i18n';

/**
 * The editor tables' last column: edit a row (when `edit` is given) and delete it after a confirm; none for those
 * who cannot edit.
 */
export function deleteColumns<R>(t: Translate, canEdit: boolean, remove: (row: R) => Promise<void>, edit?: (row: R) => void) {
  if (!canEdit) return [];
  return [
    {
      title: t('tplan.col.actions'),
      dataIndex: 'actions',
      // On one line: two buttons in 140 px wrapped, doubling every row's height (589 of them in an imported school).
      width: edit ? 170 : 100,
      render: (_: unknown, row: R) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {edit && (
            <Button size="small" type="text" onClick={() => edit(row)}>
              {t('tplan.edit')}
            </Button>
          )}
          <Popconfirm title={t('tplan.delete')} onOk={() => void remove(row)}>
            <Button size="small" type="text" status="danger">
              {t('tplan.delete')}
            </Button>
          </Popconfirm>
        </span>
      ),
    },
  ];
}
