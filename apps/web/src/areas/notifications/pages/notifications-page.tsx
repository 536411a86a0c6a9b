import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS, type TNotification } from '@app/shared/notifications';
import { formatDateTime } from '@app/shared/format';
import { DataTable, type Column } from '@/components/data/data-table';
import { FilterSelect } from '@/components/data/filter-select';
import { ListToolbar } from '@/components/data/list-toolbar';
import { Pagination } from '@/components/data/pagination';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { useNotificationList } from '../api/list-notifications';
import { useMarkAllRead } from '../api/mark-all-read';
import { NotificationItem } from '../components/notification-item';
import { useOpenNotification } from '../components/use-open-notification';

const KIND_OPTIONS = NOTIFICATION_KINDS.map((k) => ({ value: k, label: NOTIFICATION_KIND_LABELS[k] }));
const STATE_OPTIONS = [{ value: 'true', label: 'Chưa đọc' }];

/** Every notification of the signed-in user (issue 17), newest first, paged, with the unread and kind filters. */
export default function NotificationsPage() {
  const list = useNotificationList();
  const markAll = useMarkAllRead();
  const open = useOpenNotification();
  const columns: Column<TNotification>[] = [
    { key: 'title', header: 'Thông báo', primary: true, cell: (n) => <NotificationItem n={n} onOpen={open} /> },
    { key: 'kind', header: 'Loại', hideOnMobile: true, cell: (n) => NOTIFICATION_KIND_LABELS[n.kind] },
    // A phone's card already says how long ago (the item): the moment is a desktop column.
    { key: 'createdAt', header: 'Thời gian', hideOnMobile: true, cell: (n) => formatDateTime(n.createdAt), className: 'whitespace-nowrap' },
  ];
  return (
    <div>
      <PageHeader title="Thông báo" subtitle="Mọi thông báo gửi cho bạn, mới nhất trước" />
      <ListToolbar
        actions={
          <Button variant="secondary" onClick={() => markAll.mutate()} disabled={markAll.isPending}>
            Đánh dấu tất cả đã đọc
          </Button>
        }
      >
        <FilterSelect
          label="Trạng thái"
          value={list.filters.unread}
          onChange={(v) => list.setFilter('unread', v)}
          options={STATE_OPTIONS}
        />
        <FilterSelect label="Loại thông báo" value={list.filters.kind} onChange={(v) => list.setFilter('kind', v)} options={KIND_OPTIONS} />
      </ListToolbar>
      <DataTable
        label="Danh sách thông báo"
        columns={columns}
        rowKey={(n) => n.id}
        {...list.tableProps}
        emptyTitle="Chưa có thông báo nào"
        emptyDescription="Thông báo về khảo sát, thời khóa biểu, đăng ký học phần, kê khai và đơn từ sẽ hiện ở đây."
      />
      <Pagination {...list.paginationProps} />
    </div>
  );
}
