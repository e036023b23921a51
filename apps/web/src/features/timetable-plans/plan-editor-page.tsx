import Button from '@arco-design/web-react/es/Button';
import Card from '@arco-design/web-react/es/Card';
import { ErrorResult } from '../../lib/error-result';
import Spin from '@arco-design/web-react/es/Spin';
import Tabs from '@arco-design/web-react/es/Tabs';
import { IconArrowLeft } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useT } from '../../lib/i18n';
import { PageFrame } from '../../lib/page-frame';
import { useSessionStore } from '../../lib/session';
import { ActivitiesPanel } from './activities-panel';
import { BellPanel } from './bell-panel';
import { ConstraintsPanel } from './constraints-panel';
import { GeneratePanel } from './generate-panel';
import { ImportSummary } from './import-summary';
import { fetchPlan, planKeys } from './plan-api';
import { RunStatusTag } from './run-status-tag';
import { StudentSetsPanel } from './student-sets-panel';
import './plan-messages';
import './timetable-plans.css';

/** One plan: its lessons, rules and bell schedule, and generating, reviewing and applying its timetable. */
export function TimetablePlanEditorPage() {
  const t = useT();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const camId = useSessionStore((s) => s.campus?.cam_id ?? 0);
  const plan = useQuery({ queryKey: planKeys.detail(camId, id), queryFn: () => fetchPlan(id), enabled: Number.isInteger(id) && id > 0 });
  const data = plan.data;
  return (
    <PageFrame titleKey="menu.educate.timetablePlanEdit">
      <Card bordered={false}>
        <Button type="text" icon={<IconArrowLeft />} onClick={() => void navigate('/educate/timetable-plan')}>
          {t('menu.educate.timetablePlan')}
        </Button>
        {plan.isLoading && <Spin />}
        {plan.isError && <ErrorResult status="404" subTitle={plan.error instanceof Error ? plan.error.message : ''} />}
        {data && (
          <>
            <h3 className="tplan-title">
              {data.name} · {data.termName} {data.latestRun && <RunStatusTag run={data.latestRun} />}
            </h3>
            <ImportSummary />
            <Tabs defaultActiveTab="activities" lazyload>
              <Tabs.TabPane key="activities" title={`${t('tplan.tab.activities')} (${data.activities.length})`}>
                <ActivitiesPanel plan={data} />
              </Tabs.TabPane>
              <Tabs.TabPane key="constraints" title={`${t('tplan.tab.constraints')} (${data.constraints.length})`}>
                <ConstraintsPanel plan={data} />
              </Tabs.TabPane>
              <Tabs.TabPane key="bell" title={t('tplan.tab.bell')}>
                <BellPanel key={data.updatedAt} plan={data} />
              </Tabs.TabPane>
              <Tabs.TabPane key="sets" title={`${t('tplan.tab.sets')} (${data.studentSets.length})`}>
                <StudentSetsPanel key={data.updatedAt} plan={data} />
              </Tabs.TabPane>
              <Tabs.TabPane key="generate" title={t('tplan.tab.generate')}>
                <GeneratePanel plan={data} />
              </Tabs.TabPane>
            </Tabs>
          </>
        )}
      </Card>
    </PageFrame>
  );
}
