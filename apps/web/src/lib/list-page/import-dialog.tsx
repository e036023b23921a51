import Alert from '@arco-design/web-react/es/Alert';
import Button from '@arco-design/web-react/es/Button';
import Modal from '@arco-design/web-react/es/Modal';
import Space from '@arco-design/web-react/es/Space';
import Table from '@arco-design/web-react/es/Table';
import { IconDownload, IconFile, IconUpload } from '@arco-design/web-react/icon';
import { useRef, useState } from 'react';
import { showSuccess } from '../feedback';
import { labelFieldMessage } from '../form/field-errors';
import { useT } from '../i18n';
import { ApiError } from '../request';
import { importFile } from './resource-api';
import { downloadFile } from './download';
import './list-messages';
import './import-dialog.css';

export interface ImportRowError {
  row: number;
  /** The column as the file's header writes it. */
  field: string;
  msg: string;
  /** The API field of that column. */
  key?: string;
}

export interface ImportResult {
  total: number;
  created: number;
  updated: number;
  errors: ImportRowError[];
  /** Rows refused by a valid-rows import, and where to download them (file columns plus an error column). */
  rejected?: number;
  rejectedFile?: string | null;
  /** What writing the rows makes besides them (a new grade or class), in the reader's language. */
  notes?: string[];
}

type ImportMode = 'all-or-nothing' | 'valid-rows';

function isImportResult(value: unknown): value is ImportResult {
  return typeof value === 'object' && value !== null && Array.isArray((value as ImportResult).errors);
}

interface ImportDialogProps {
  isOpen: boolean;
  title: string;
  /** The resource's list path: `/import-template` and `/import` hang off it. */
  path: string;
  templateName: string;
  fieldLabel: (field: string) => string;
  onClose: () => void;
  onImported: () => void;
}

type Phase = 'idle' | 'checking' | 'checked' | 'failed' | 'importing' | 'partial';

/**
 * Pick a file, see the dry run's row errors, then import: the server writes
 * nothing while any row is wrong, so Import stays off until the file is clean.
 */
export function ImportDialog({ isOpen, title, path, templateName, fieldLabel, onClose, onImported }: ImportDialogProps) {
  const t = useT();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [result, setResult] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState('');

  const clear = () => {
    setFile(null);
    setPhase('idle');
    setResult(null);
    setFailure('');
    if (inputRef.current) inputRef.current.value = '';
  };

  const send = (picked: File, isDryRun: boolean, mode: ImportMode = 'all-or-nothing') =>
    importFile<ImportResult>(path, picked, isDryRun, mode);

  const showFailure = (error: unknown) => {
    if (error instanceof ApiError && isImportResult(error.data)) setResult(error.data);
    setFailure(error instanceof Error ? error.message : String(error));
  };

  const check = async (picked: File) => {
    setFile(picked);
    setResult(null);
    setFailure('');
    setPhase('checking');
    try {
      setResult(await send(picked, true));
      setPhase('checked');
    } catch (error) {
      showFailure(error);
      setPhase('failed');
    }
  };

  const runImport = async (mode: ImportMode = 'all-or-nothing') => {
    if (!file) return;
    setPhase('importing');
    try {
      const done = await send(file, false, mode);
      showSuccess(t('import.done', { created: done.created, updated: done.updated }));
      onImported();
      if (done.rejectedFile) {
        // The refused rows stay on screen with their file, to fix and import again.
        setResult(done);
        setPhase('partial');
        return;
      }
      clear();
      onClose();
    } catch (error) {
      showFailure(error);
      setFailure(t('import.failed'));
      setPhase('failed');
    }
  };

  const errors = result?.errors ?? [];
  const canImport = phase === 'checked' && result !== null && errors.length === 0 && result.total > 0;
  const validRows = result ? result.created + result.updated : 0;
  const canImportValid = phase === 'checked' && errors.length > 0 && validRows > 0;
  const rejectedFile = phase === 'partial' ? result?.rejectedFile : null;

  return (
    <Modal
      visible={isOpen}
      title={title}
      className="import-dialog"
      style={{ width: 720 }}
      onCancel={() => {
        clear();
        onClose();
      }}
      okText={t('import.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !canImport }}
      confirmLoading={phase === 'importing'}
      onOk={() => void runImport()}
      unmountOnExit
    >
      <ol className="import-steps">
        <li>
          <p className="import-step-text">{t('import.step.template')}</p>
          <Space wrap>
            {(['xlsx', 'csv'] as const).map((format) => (
              <Button
                key={format}
                size="small"
                icon={<IconDownload />}
                onClick={() => void downloadFile(`${path}/import-template`, { format }, `${templateName}.${format}`).catch(() => undefined)}
              >
                {t(format === 'csv' ? 'import.template.csv' : 'import.template.xlsx')}
              </Button>
            ))}
          </Space>
        </li>
        <li>
          <p className="import-step-text">{t('import.step.pick')}</p>
          <div className="import-pick">
            <input
              ref={inputRef}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              className="import-file-input"
              aria-label={t('import.pick')}
              tabIndex={-1}
              onChange={(event) => {
                const picked = event.target.files?.[0];
                if (picked) void check(picked);
              }}
            />
            <Button icon={<IconUpload />} onClick={() => inputRef.current?.click()} loading={phase === 'checking'}>
              {t(file ? 'import.repick' : 'import.pick')}
            </Button>
            <span className="import-file-name">
              {file ? (
                <>
                  <IconFile aria-hidden="true" /> {file.name}
                </>
              ) : (
                t('import.noFile')
              )}
            </span>
          </div>
        </li>
      </ol>
      <div aria-live="polite" className="import-outcome">
        {phase === 'checking' && <Alert type="info" content={t('import.checking')} />}
        {failure && errors.length === 0 && <Alert type="error" content={failure} />}
        {result && phase !== 'partial' && (
          <Alert
            type={errors.length ? 'warning' : 'success'}
            title={t('import.summary', { total: result.total, created: result.created, updated: result.updated })}
            content={errors.length ? t('import.errors', { count: errors.length }) : t('import.valid')}
          />
        )}
        {result?.notes?.length && phase !== 'partial' ? (
          <Alert
            type="warning"
            className="import-notes"
            title={t('import.notes')}
            content={
              <ul className="alert-list">
                {result.notes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            }
          />
        ) : null}
        {canImportValid && (
          <Button className="import-valid-rows" onClick={() => void runImport('valid-rows')}>
            {t('import.validRows', { count: validRows })}
          </Button>
        )}
        {rejectedFile && (
          <Alert
            type="warning"
            title={t('import.done', { created: result?.created ?? 0, updated: result?.updated ?? 0 })}
            content={t('import.partial', { count: result?.rejected ?? 0 })}
            action={
              <Button
                size="small"
                icon={<IconDownload />}
                onClick={() =>
                  void downloadFile(rejectedFile.replace(/^\/api/, ''), {}, `${templateName}-rejected.csv`).catch(() => undefined)
                }
              >
                {t('import.rejectedFile')}
              </Button>
            }
          />
        )}
        {errors.length > 0 && (
          <Table<ImportRowError & { rowKey: number }>
            className="import-errors"
            size="small"
            rowKey="rowKey"
            border
            pagination={errors.length > 8 ? { pageSize: 8, size: 'small' } : false}
            data={errors.map((e, rowKey) => ({ ...e, rowKey }))}
            columns={[
              { title: t('import.col.row'), dataIndex: 'row', width: 80 },
              // The server names the column as the file's header writes it; older answers named the API field.
              {
                title: t('import.col.field'),
                dataIndex: 'field',
                width: 160,
                render: (field: string, e: ImportRowError) => (e.key ? field : fieldLabel(field)),
              },
              {
                title: t('import.col.msg'),
                dataIndex: 'msg',
                render: (msg: string, e: ImportRowError) => (e.key ? msg : labelFieldMessage(e.field, msg, fieldLabel(e.field))),
              },
            ]}
          />
        )}
      </div>
    </Modal>
  );
}
