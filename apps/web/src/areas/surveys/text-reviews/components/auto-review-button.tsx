import { useState } from 'react';
import { Sparkles } from 'lucide-react';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { useApiMutation } from '@/components/data/use-api-mutation';
import { Button } from '@/components/ui/button';
import { BATCH_PATH, REVIEWS_PATH, surveyAutoReviewPath, ZAutoReviewRun } from '../api/text-reviews-api';

/**
 * "Chạy kiểm duyệt tự động": every pending text no person has decided, of one survey
 * (POST /surveys/{id}/auto-review-text-responses) or, without a survey, of one module
 * (batch-auto-review {moduleId}). A person's decisions are never changed; the server says how many
 * texts it checked, flagged and approved.
 */
export function AutoReviewButton({ surveyId, surveyTitle, moduleId }: { surveyId?: number; surveyTitle?: string; moduleId?: number }) {
  const [open, setOpen] = useState(false);
  const run = useApiMutation<void, typeof ZAutoReviewRun>({
    method: 'post',
    url: surveyId ? surveyAutoReviewPath(surveyId) : BATCH_PATH,
    body: () => (surveyId ? {} : { moduleId }),
    schema: ZAutoReviewRun,
    invalidate: [REVIEWS_PATH],
  });
  const disabled = !surveyId && !moduleId;
  const scope = surveyId ? `khảo sát “${surveyTitle ?? `#${surveyId}`}”` : 'mọi khảo sát của học phần đang chọn';
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => setOpen(true)}
        disabled={disabled}
        title={disabled ? 'Chọn một khảo sát hoặc học phần để chạy kiểm duyệt tự động' : undefined}
      >
        <Sparkles aria-hidden="true" className="size-4" />
        Chạy kiểm duyệt tự động
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        danger={false}
        title="Chạy kiểm duyệt tự động?"
        confirmLabel="Chạy"
        message={
          <>
            Kiểm tra các ý kiến đang chờ duyệt của {scope}: ý kiến có từ ngữ thô tục, xúc phạm, đe dọa, thông tin cá nhân hoặc nội dung rác
            được đánh dấu để người duyệt xem; ý kiến không vi phạm được duyệt theo cài đặt. Quyết định của người duyệt không bị thay đổi.
          </>
        }
        onConfirm={() => run.mutateAsync()}
      />
    </>
  );
}
