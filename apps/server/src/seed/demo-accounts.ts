import type { TRole } from '@app/shared/roles';

/** The demo sign-in accounts: the login page lists them and the tests sign in as them. */
export const DEMO_DOMAIN = 'demo.thptchuyen.edu.vn';

export interface DemoPerson {
  local: string;
  name: string;
  roles: TRole[]; // first is primary
}

/** One or more accounts per role; the combinations the menus depend on are here on purpose. */
export const DEMO_STAFF: DemoPerson[] = [
  { local: 'quantri', name: 'Nguyễn Văn Quản', roles: ['ADMIN'] },
  { local: 'hieutruong', name: 'Trần Thị Minh Hạnh', roles: ['PRINCIPAL'] },
  { local: 'giaovu', name: 'Lê Thị Thu Hà', roles: ['ACADEMIC_AFFAIR'] },
  { local: 'dbcl', name: 'Phạm Quốc Bảo', roles: ['QUALITY_ASSURANCE'] },
  { local: 'totruong.ly', name: 'Đỗ Minh Tuấn', roles: ['HEAD_DEPARTMENT', 'TEACHER'] },
  { local: 'gv.toan', name: 'Nguyễn Thị Lan', roles: ['TEACHER', 'HEAD_DEPARTMENT', 'HOMEROOM_TEACHER'] },
  { local: 'gv.van', name: 'Hoàng Văn Nam', roles: ['TEACHER', 'DECLARATION'] },
  { local: 'gv.anh', name: 'Vũ Thị Mai', roles: ['TEACHER'] },
  { local: 'gvcn.hoa', name: 'Bùi Thị Hương', roles: ['HOMEROOM_TEACHER', 'TEACHER'] },
  { local: 'khaibao.sinh', name: 'Phan Thị Ngọc', roles: ['DECLARATION', 'TEACHER'] },
  { local: 'ketoan', name: 'Ngô Thị Thanh', roles: ['ACCOUNTANT'] },
  { local: 'csvc', name: 'Đặng Văn Hùng', roles: ['FACILITY_MANAGER'] },
];

export const DEMO_STUDENTS: DemoPerson[] = [
  { local: 'hs.an', name: 'Nguyễn Minh An', roles: ['STUDENT'] },
  { local: 'hs.binh', name: 'Trần Gia Bình', roles: ['STUDENT'] },
  { local: 'hs.chau', name: 'Lê Bảo Châu', roles: ['STUDENT'] },
  { local: 'hs.dung', name: 'Phạm Tiến Dũng', roles: ['STUDENT'] },
  { local: 'hs.giang', name: 'Hoàng Hương Giang', roles: ['STUDENT'] },
  { local: 'hs.khoa', name: 'Vũ Đăng Khoa', roles: ['STUDENT'] },
];

export const demoEmail = (local: string) => `${local}@${DEMO_DOMAIN}`;
