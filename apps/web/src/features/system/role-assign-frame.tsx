import Alert from '@arco-design/web-react/es/Alert';
import Button from '@arco-design/web-react/es/Button';
import Card from '@arco-design/web-react/es/Card';
import { ErrorResult } from '../../lib/error-result';
import Space from '@arco-design/web-react/es/Space';
import Spin from '@arco-design/web-react/es/Spin';
import Tag from '@arco-design/web-react/es/Tag';
import { IconLeft } from '@arco-design/web-react/icon';
import type { Role } from '@campus/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useT } from '../../lib/i18n';
import { PageFrame } from '../../lib/page-frame';
import { fetchRole, systemKeys } from './system-api';
import './system-messages';
import './system.css';

/** The role id of a hidden per-role page; 0 when the URL holds none. */
export function useRoleId(): number {
  const { id = '' } = useParams();
  return /^\d{1,9}$/.test(id) ? Number(id) : 0;
}

interface RoleAssignFrameProps {
  titleKey: string;
  roleId: number;
  isLoading: boolean;
  error: Error | null;
  isSaving: boolean;
  isDirty: boolean;
  onSave: () => void;
  onRevert: () => void;
  summary?: ReactNode;
  children: (role: Role) => ReactNode;
}

/** Role users, menus and perms share one frame: which role, back to the list, save and revert. */
export function RoleAssignFrame(props: RoleAssignFrameProps) {
  const t = useT();
  const role = useQuery({ queryKey: systemKeys.role(props.roleId), queryFn: () => fetchRole(props.roleId), enabled: props.roleId > 0 });
  const error = role.error ?? props.error;
  const back = (
    <Link to="/system/role" className="sys-back-link">
      <IconLeft /> {t('sys.role.backToList')}
    </Link>
  );
  return (
    <PageFrame titleKey={props.titleKey} extra={back}>
      <Card bordered={false} className="role-assign-card">
        {error || props.roleId === 0 ? (
          <ErrorResult status="error" title={t('sys.role.loadError')} subTitle={error?.message ?? ''} />
        ) : role.data === undefined || props.isLoading ? (
          <div className="sys-loading">
            <Spin />
          </div>
        ) : (
          <>
            <div className="role-assign-head">
              <div>
                <span className="role-assign-name">{role.data.name}</span>
                <Tag size="small" className="sys-inline-tag">
                  <code className="sys-code">{role.data.code}</code>
                </Tag>
                {props.summary}
              </div>
              <Space>
                <Button onClick={props.onRevert} disabled={!props.isDirty || props.isSaving}>
                  {t('sys.revert')}
                </Button>
                <Button type="primary" onClick={props.onSave} loading={props.isSaving} disabled={!props.isDirty}>
                  {t('sys.save')}
                </Button>
              </Space>
            </div>
            {props.isDirty && <Alert className="role-assign-dirty" type="info" content={t('sys.role.unsaved')} />}
            {props.children(role.data)}
          </>
        )}
      </Card>
    </PageFrame>
  );
}
