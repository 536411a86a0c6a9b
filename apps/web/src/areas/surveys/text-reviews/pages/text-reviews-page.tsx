import { Switch } from '@headlessui/react';
import { useAuth } from '@/areas/auth/public';
import { useApiMutation } from '@/components/data/use-api-mutation';
import { PageHeader } from '@/components/ui/page-header';
import { SETTINGS_PATH, useReviewSettings } from '../api/text-reviews-api';
import { ReviewQueue } from '../components/review-queue';

/**
 * /admin/text-reviews and /quality/text-reviews: the queue of students' free-text answers. Teachers
 * see a text only once it is approved here, never who wrote it.
 */
export default function TextReviewsPage() {
  return (
    <div>
      <PageHeader
        title="Duyệt ý kiến"
        subtitle="Ý kiến tự do của học sinh chỉ hiển thị cho giáo viên sau khi được duyệt. Phần bị đánh dấu là lý do kiểm duyệt tự động nghi ngờ."
        actions={<AutoApproveSetting />}
      />
      <ReviewQueue />
    </div>
  );
}

/** The auto-approve setting: ADMIN switches it, QUALITY_ASSURANCE sees it. */
function AutoApproveSetting() {
  const { user } = useAuth();
  const isAdmin = (user?.roles ?? []).some((r) => r.role === 'ADMIN');
  const settings = useReviewSettings();
  const save = useApiMutation<{ autoApproveClean: boolean }>({
    method: 'put',
    url: SETTINGS_PATH,
    invalidate: [SETTINGS_PATH],
    toastError: true,
  });
  const on = settings.data?.autoApproveClean;
  if (on === undefined) return null;
  if (!isAdmin)
    return <p className="text-sm text-muted">{on ? 'Ý kiến không vi phạm được duyệt tự động.' : 'Mọi ý kiến chờ người duyệt.'}</p>;
  return (
    <label className="flex cursor-pointer items-center gap-3 text-sm text-fg">
      <Switch
        checked={on}
        disabled={save.isPending}
        onChange={(v: boolean) => save.mutate({ autoApproveClean: v })}
        className="group relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-border transition-colors focus-visible:outline-2 focus-visible:outline-primary data-checked:bg-primary"
      >
        <span className="size-4 translate-x-1 rounded-full bg-surface shadow transition-transform group-data-checked:translate-x-6" />
      </Switch>
      Tự động duyệt ý kiến không vi phạm
    </label>
  );
}
