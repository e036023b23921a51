import Button from '@arco-design/web-react/es/Button';
import Dropdown from '@arco-design/web-react/es/Dropdown';
import Menu from '@arco-design/web-react/es/Menu';
import { IconDownload } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { showSuccess } from '../feedback';
import { useT } from '../i18n';
import { downloadFile } from './download';
import { toExportParams, type ListQuery } from './list-query';
import './list-messages';

interface ExportButtonProps {
  /** The resource's list path; its `/export` takes the same filters and sort. */
  path: string;
  query: ListQuery;
  fileName: string;
}

/** Exports what the list shows (filters and sort, all pages) as CSV or XLSX. */
export function ExportButton({ path, query, fileName }: ExportButtonProps) {
  const t = useT();
  const [isBusy, setIsBusy] = useState(false);
  const run = async (format: 'csv' | 'xlsx') => {
    setIsBusy(true);
    try {
      const name = await downloadFile(`${path}/export`, toExportParams(query, format), `${fileName}.${format}`);
      showSuccess(t('list.export.done', { file: name }));
    } catch {
      // The request client has shown why.
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <Dropdown
      trigger="click"
      position="bl"
      droplist={
        <Menu onClickMenuItem={(key) => void run(key === 'csv' ? 'csv' : 'xlsx')}>
          <Menu.Item key="xlsx">{t('list.export.xlsx')}</Menu.Item>
          <Menu.Item key="csv">{t('list.export.csv')}</Menu.Item>
        </Menu>
      }
    >
      <Button icon={<IconDownload />} loading={isBusy} title={t('list.export.hint')}>
        {t('common.export')}
      </Button>
    </Dropdown>
  );
}
