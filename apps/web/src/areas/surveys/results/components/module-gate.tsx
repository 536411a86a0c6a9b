import { Layers } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingBlock } from './results-common';

/** What a results page shows before it has a module: a skeleton while loading, else why there is none. */
export function ModuleGate({ status }: { status: string }) {
  if (status === 'idle' || status === 'loading') return <LoadingBlock label="Đang tải học phần..." />;
  if (status === 'error')
    return (
      <EmptyState
        icon={Layers}
        title="Không thể tải danh sách học phần."
        description="Hãy tải lại trang hoặc chọn lại học phần ở đầu trang."
      />
    );
  return (
    <EmptyState
      icon={Layers}
      title="Chưa có học phần nào trong học kỳ hiện tại."
      description="Kết quả khảo sát hiện theo học phần; khi nhà trường mở học phần, số liệu sẽ hiện ở đây."
    />
  );
}
