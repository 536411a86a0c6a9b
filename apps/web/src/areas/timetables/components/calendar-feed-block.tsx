import { useState } from 'react';
import { Check, Copy, Link2Off } from 'lucide-react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/data/confirm-dialog';
import { Button } from '@/components/ui/button';
import { CardPanel } from '@/components/ui/card-panel';
import { errorMessage } from '@/lib/api-client';
import { useCalendarFeed, useCalendarFeedActions } from '../api/calendar-feed';
import { formatDate } from '../lib/week';

/**
 * "Đăng ký lịch vào Google Calendar": the person's private iCalendar link to their own timetable.
 * The address is shown once, when made (the server keeps only what it needs to check it); making a
 * new one or revoking stops the old one at once.
 */
export function CalendarFeedBlock() {
  const feed = useCalendarFeed();
  const { create, revoke } = useCalendarFeedActions();
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const [copied, setCopied] = useState(false);
  const f = feed.data;

  const make = () =>
    create.mutate(undefined, {
      onSuccess: () => toast.success('Đã tạo liên kết lịch riêng của bạn.'),
      onError: (err) => toast.error(errorMessage(err, 'Không thể tạo liên kết. Vui lòng thử lại sau.')),
    });
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast.success('Đã sao chép liên kết.');
    } catch {
      toast.error('Không sao chép được. Hãy chọn liên kết và sao chép thủ công.');
    }
  };

  return (
    <CardPanel
      title="Đăng ký lịch vào Google Calendar"
      loading={feed.isPending}
      error={feed.isError && !f ? feed.error : undefined}
      errorText="Không thể tải liên kết lịch. Vui lòng thử lại sau."
      onRetry={() => void feed.refetch()}
    >
      <div className="space-y-3 text-sm print:hidden">
        <p className="text-muted">
          Tạo một liên kết lịch (iCalendar) riêng cho thời khóa biểu của bạn rồi thêm vào Google Calendar: mở Google Calendar, chọn “Thêm
          lịch” → “Từ URL” và dán liên kết. Lịch tự cập nhật khi thời khóa biểu thay đổi.
        </p>
        <p className="text-muted">
          Liên kết này là riêng tư: ai có liên kết đều xem được thời khóa biểu của bạn, vì vậy đừng chia sẻ nó. Nếu lỡ chia sẻ, hãy thu hồi
          hoặc tạo liên kết mới; liên kết cũ sẽ ngừng hoạt động ngay.
        </p>
        {f?.url ? (
          <div className="space-y-2">
            <label className="flex flex-col gap-1 text-xs font-medium text-muted">
              Liên kết lịch của bạn (chỉ hiện một lần, hãy sao chép ngay)
              <input
                readOnly
                value={f.url}
                onFocus={(e) => e.currentTarget.select()}
                className="w-full rounded-lg border border-border bg-surface-2 px-3 py-2 font-mono text-xs text-fg"
              />
            </label>
            <Button variant="secondary" onClick={() => void copy(f.url!)}>
              {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
              {copied ? 'Đã sao chép' : 'Sao chép liên kết'}
            </Button>
          </div>
        ) : f?.active ? (
          <p className="text-fg">
            Bạn đã có một liên kết lịch{f.createdAt ? ` (tạo ngày ${formatDate(f.createdAt.slice(0, 10))})` : ''}. Vì lý do bảo mật, liên
            kết chỉ hiện một lần khi tạo; nếu cần lại, hãy tạo liên kết mới.
          </p>
        ) : (
          <p className="text-fg">Bạn chưa có liên kết lịch nào.</p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button onClick={make} disabled={create.isPending}>
            {f?.active ? 'Tạo liên kết mới' : 'Tạo liên kết'}
          </Button>
          {f?.active ? (
            <Button variant="secondary" onClick={() => setConfirmRevoke(true)} disabled={revoke.isPending}>
              <Link2Off aria-hidden="true" className="size-4" />
              Thu hồi liên kết
            </Button>
          ) : null}
        </div>
      </div>
      <ConfirmDialog
        open={confirmRevoke}
        title="Thu hồi liên kết lịch?"
        message="Lịch đã thêm vào Google Calendar bằng liên kết này sẽ ngừng cập nhật. Bạn có thể tạo liên kết mới bất cứ lúc nào."
        confirmLabel="Thu hồi"
        onClose={() => setConfirmRevoke(false)}
        onConfirm={async () => {
          await revoke.mutateAsync();
          setCopied(false);
          toast.success('Đã thu hồi liên kết lịch.');
        }}
      />
    </CardPanel>
  );
}
