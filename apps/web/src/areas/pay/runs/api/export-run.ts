import { downloadFile } from '@/components/data/export-button';
import { runPath } from './keys';

/** GET /pay/runs/{id}/export: Bảng thanh toán tiền dạy thêm giờ (XLSX), under the name the server gives. */
export const exportRun = (id: number) => downloadFile(`${runPath(id)}/export`, undefined, 'bang-thanh-toan-day-them-gio.xlsx');
