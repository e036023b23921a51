import Alert from '@arco-design/web-react/es/Alert';
import Button from '@arco-design/web-react/es/Button';
import Card from '@arco-design/web-react/es/Card';
import { courseCreateSchema, courseUpdateSchema, type Course } from '@campus/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { showSuccess } from '../../lib/feedback';
import { SchemaForm, useSchemaForm, type FormFieldDef } from '../../lib/form/schema-form';
import { useT } from '../../lib/i18n';
import { listQueryKey } from '../../lib/list-page/list-keys';
import { COURSE_PAGE_KEY, courseApi } from './educate-api';
import { fieldLabel, valueOptions } from './educate-labels';
import { useCourseOptions } from './use-course-options';
import './course.css';

const LIST_PATH = '/educate/course';

/** Course add and edit (the spec's own routes): a page, since a course has more to say than a drawer holds. */
export function CourseForm({ course }: { course: Course | null }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const options = useCourseOptions();
  const label = (field: string) => fieldLabel(t, 'course', field);
  const fields: FormFieldDef[] = [
    { name: 'code', label: label('code'), kind: 'text', isRequired: true },
    { name: 'name', label: label('name'), kind: 'text', isRequired: true },
    { name: 'termId', label: label('termId'), kind: 'select', isRequired: true, options: options.termOptions },
    { name: 'teacherId', label: label('teacherId'), kind: 'select', isRequired: true, options: options.teacherOptions },
    { name: 'capacity', label: label('capacity'), kind: 'number', isRequired: true, min: 1, precision: 0 },
    { name: 'status', label: label('status'), kind: 'select', options: valueOptions(t, 'courseStatus') },
    { name: 'credits', label: label('credits'), kind: 'number', min: 0, precision: 1 },
    { name: 'hours', label: label('hours'), kind: 'number', min: 0, precision: 0 },
    { name: 'description', label: label('description'), kind: 'textarea', isWide: true },
  ];
  const { form, submit, isSubmitting, formError, validateField } = useSchemaForm({
    schema: course ? courseUpdateSchema : courseCreateSchema,
    fields,
    onSubmit: async (body) => {
      if (course) await courseApi.update(course.id, body);
      else await courseApi.create(body);
    },
  });

  const save = async () => {
    if (!(await submit())) return;
    showSuccess(t(course ? 'form.saved' : 'form.created'));
    await queryClient.invalidateQueries({ queryKey: listQueryKey(COURSE_PAGE_KEY) });
    await navigate(LIST_PATH);
  };

  const initialValues = course
    ? { ...course, termId: String(course.termId), teacherId: String(course.teacherId) }
    : { status: 'draft', credits: 2, hours: 32 };

  return (
    <Card bordered={false} className="course-form-card">
      {formError && <Alert type="error" content={formError} style={{ marginBottom: 16 }} />}
      <SchemaForm form={form} initialValues={initialValues} fields={fields} validateField={validateField} onSubmit={() => void save()} />
      <div className="course-form-actions">
        <Button onClick={() => void navigate(LIST_PATH)}>{t('educate.course.backToList')}</Button>
        <Button type="primary" loading={isSubmitting} onClick={() => void save()}>
          {t('form.save')}
        </Button>
      </div>
    </Card>
  );
}
