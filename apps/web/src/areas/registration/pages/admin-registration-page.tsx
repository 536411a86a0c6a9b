import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { toast } from 'sonner';
import { moduleLabel } from '@app/shared/format';
import { useRouteTitle } from '@/components/data/use-route-title';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { SectionSpinner } from '@/components/ui/spinner';
import { RoundsPanel, useRoundsPage } from '../components/round-module';
import { useModuleCourseClasses } from '../api/module-course-classes';
import { saveRound } from '../api/save-round';
import { AdminRoundDetail } from '../components/admin-round-detail';
import { RoundFormDialog } from '../components/round-form-dialog';

/**
 * /admin/student-registration: the rounds of the header's module with their state and fill; create
 * and edit a round; the chosen round's live seats, unmet students, close, reopen and exports.
 */
export default function AdminRegistrationPage() {
  const title = useRouteTitle('Đăng ký học phần');
  const page = useRoundsPage();
  const { module, loading, picker, selectedId, detail, update } = page;
  const moduleId = module?.id ?? null;
  const client = useQueryClient();
  const [form, setForm] = useState<'new' | 'edit' | null>(null);
  const classes = useModuleCourseClasses(moduleId, form !== null);

  if (loading) return <SectionSpinner />;
  if (!module)
    return (
      <div>
        <PageHeader title={title} />
        {picker}
        <EmptyState title="Chưa có học phần" description="Hãy tạo học kỳ và học phần trước khi mở đợt đăng ký." />
      </div>
    );

  const save = async (input: Parameters<typeof saveRound>[1]) => {
    const id = form === 'edit' ? selectedId : null;
    const res = await saveRound(id, input);
    toast.success(res.message ?? (id ? 'Đã lưu đợt đăng ký.' : 'Đã tạo đợt đăng ký.'));
    await client.invalidateQueries({ queryKey: ['registration'] });
    update({ round: String(res.data.id) });
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title={title}
        subtitle={`Các đợt đăng ký của học phần ${moduleLabel(module)}.`}
        actions={
          <div className="flex flex-wrap items-end gap-2">
            {picker}
            <Button onClick={() => setForm('new')}>
              <Plus aria-hidden="true" className="size-4" />
              Tạo đợt đăng ký
            </Button>
          </div>
        }
      />
      <RoundsPanel page={page} emptyDescription="Tạo một đợt để học sinh chọn lớp học phần của học phần này.">
        {(round) => (
          <AdminRoundDetail key={round.id} round={round} onEdit={() => setForm('edit')} onDeleted={() => update({ round: null })} />
        )}
      </RoundsPanel>
      <RoundFormDialog
        // Opened once the module's classes are known, so an edited offer's own capacity reads right.
        open={form !== null && !classes.isPending}
        onClose={() => setForm(null)}
        moduleId={module.id}
        round={form === 'edit' ? (detail.data ?? null) : null}
        classes={classes.data ?? []}
        classesError={classes.error}
        onSubmit={save}
      />
    </div>
  );
}
