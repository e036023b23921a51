import Alert from '@arco-design/web-react/es/Alert';
import Button from '@arco-design/web-react/es/Button';
import Card from '@arco-design/web-react/es/Card';
import Input from '@arco-design/web-react/es/Input';
import Select from '@arco-design/web-react/es/Select';
import Space from '@arco-design/web-react/es/Space';
import Table, { type ColumnProps } from '@arco-design/web-react/es/Table';
import Tag from '@arco-design/web-react/es/Tag';
import { IconDownload, IconPlus, IconRefresh, IconSearch, IconUpload } from '@arco-design/web-react/icon';
import { Perm } from '@campus/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../lib/i18n';
import { PageFrame } from '../../lib/page-frame';
import { Permission } from '../../lib/permission';
import { ApiError } from '../../lib/request';
import { useSessionStore } from '../../lib/session';
import { fetchStudents, type StudentQuery, type StudentRow, type StudentStatus } from './student-api';
import './student-page.css';

const STATUSES: readonly StudentStatus[] = ['enrolled', 'suspended', 'graduated', 'withdrawn'];
const STATUS_COLORS: Record<StudentStatus, string> = { enrolled: 'green', suspended: 'orange', graduated: 'arcoblue', withdrawn: 'gray' };
const FIRST_PAGE: StudentQuery = { page: 1, pageSize: 20 };

export function StudentPage() {
  const t = useT();
  const camId = useSessionStore((s) => s.campus?.cam_id ?? 0);
  // Filters live in component state so a cached tab comes back exactly as it was left.
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<StudentStatus | undefined>();
  const [query, setQuery] = useState<StudentQuery>(FIRST_PAGE);
  const students = useQuery({
    queryKey: ['students', camId, query],
    queryFn: () => fetchStudents(query),
    placeholderData: keepPreviousData,
    retry: false,
  });

  const isMissingService = students.error instanceof ApiError && students.error.status === 404;
  const columns: ColumnProps<StudentRow>[] = [
    { title: t('student.column.studentNo'), dataIndex: 'studentNo', width: 140 },
    { title: t('student.column.name'), dataIndex: 'name' },
    { title: t('student.column.gender'), dataIndex: 'gender', width: 90, render: (g: StudentRow['gender']) => t(`student.gender.${g}`) },
    { title: t('student.column.grade'), dataIndex: 'grade', width: 110 },
    { title: t('student.column.className'), dataIndex: 'className', width: 120 },
    {
      title: t('student.column.guardian'),
      dataIndex: 'guardianName',
      render: (_: unknown, row) => (row.guardianName ? `${row.guardianName}${row.guardianPhone ? ` · ${row.guardianPhone}` : ''}` : '—'),
    },
    {
      title: t('student.column.status'),
      dataIndex: 'status',
      width: 110,
      render: (s: StudentStatus) => <Tag color={STATUS_COLORS[s]}>{t(`student.status.${s}`)}</Tag>,
    },
  ];

  const search = () => setQuery({ ...FIRST_PAGE, pageSize: query.pageSize, keyword: keyword.trim() || undefined, status });
  const reset = () => {
    setKeyword('');
    setStatus(undefined);
    setQuery({ ...FIRST_PAGE, pageSize: query.pageSize });
  };

  return (
    <PageFrame titleKey="menu.educate.student">
      <Card bordered={false}>
        <form
          className="list-filters"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            search();
          }}
        >
          <Input
            aria-label={t('common.keyword')}
            placeholder={t('student.search.placeholder')}
            value={keyword}
            onChange={setKeyword}
            allowClear
            className="list-filter-keyword"
          />
          <Select
            aria-label={t('common.status')}
            placeholder={t('common.status')}
            value={status}
            onChange={(value: StudentStatus | undefined) => setStatus(value)}
            allowClear
            options={STATUSES.map((s) => ({ value: s, label: t(`student.status.${s}`) }))}
            className="list-filter-select"
          />
          <Space>
            <Button type="primary" htmlType="submit" icon={<IconSearch />}>
              {t('common.search')}
            </Button>
            <Button icon={<IconRefresh />} onClick={reset}>
              {t('common.reset')}
            </Button>
          </Space>
        </form>
        <div className="list-toolbar">
          <Space>
            <Permission perms={[Perm.studentAdd]}>
              <Button type="primary" icon={<IconPlus />} disabled title={t('common.comingSoon')}>
                {t('common.add')}
              </Button>
            </Permission>
            <Permission perms={[Perm.studentImport]}>
              <Button icon={<IconUpload />} disabled title={t('common.comingSoon')}>
                {t('common.import')}
              </Button>
            </Permission>
          </Space>
          <Permission perms={[Perm.studentExport]}>
            <Button icon={<IconDownload />} disabled title={t('common.comingSoon')}>
              {t('common.export')}
            </Button>
          </Permission>
        </div>
        {students.isError && (
          <Alert
            className="list-alert"
            type={isMissingService ? 'info' : 'error'}
            content={isMissingService ? t('student.unavailable') : students.error.message}
          />
        )}
        <Table<StudentRow>
          rowKey="id"
          columns={columns}
          data={students.data?.list ?? []}
          loading={students.isFetching}
          noDataElement={<span className="list-empty">{t('common.noData')}</span>}
          pagination={{
            current: query.page,
            pageSize: query.pageSize,
            total: students.data?.total ?? 0,
            showTotal: (total: number) => t('student.total', { total }),
            sizeCanChange: true,
            onChange: (page: number, pageSize: number) => setQuery({ ...query, page, pageSize }),
          }}
          border={false}
        />
      </Card>
    </PageFrame>
  );
}
