import type { TRole } from '@app/shared/roles';

/** The demo sign-in accounts: the login page lists them and the tests sign in as them. */
export const DEMO_DOMAIN = 'demo.thptchuyen.edu.vn';

export interface DemoPerson {
  local: string;
  name: string;
  roles: TRole[]; // first is primary
  /** One short line on the login page: what this account shows (its role is the group title above it). */
  hint: string;
}

/** One or more accounts per role; the combinations the menus depend on are here on purpose. */
export const DEMO_STAFF: DemoPerson[] = [
  {
    local: 'quantri',
    name: 'Nguyễn Văn Quản',
    roles: ['ADMIN'],
    hint: 'mọi chức năng: người dùng, khảo sát, duyệt ý kiến, nhật ký hệ thống',
  },
  {
    local: 'hieutruong',
    name: 'Trần Thị Minh Hạnh',
    roles: ['PRINCIPAL'],
    hint: 'tiến độ khảo sát toàn trường, kết quả đã công bố của học phần 1',
  },
  {
    local: 'giaovu',
    name: 'Lê Thị Thu Hà',
    roles: ['ACADEMIC_AFFAIR'],
    hint: 'việc cần xử lý; năm học, học phần, lớp học phần, học sinh, giáo viên',
  },
  {
    local: 'dbcl',
    name: 'Phạm Quốc Bảo',
    roles: ['QUALITY_ASSURANCE'],
    hint: 'ý kiến chờ duyệt, tiến độ và kết quả khảo sát, chủ đề ý kiến',
  },
  {
    local: 'totruong.ly',
    name: 'Đỗ Minh Tuấn',
    roles: ['HEAD_DEPARTMENT', 'TEACHER'],
    hint: 'Vật lý: tiến độ khảo sát đang mở của tổ; kết quả của tổ và cá nhân (học phần 1)',
  },
  {
    local: 'gv.toan',
    name: 'Nguyễn Thị Lan',
    roles: ['TEACHER', 'HEAD_DEPARTMENT', 'HOMEROOM_TEACHER'],
    hint: 'Toán: kết quả cá nhân và của tổ; lớp chủ nhiệm 10 Toán: học sinh chưa làm khảo sát',
  },
  {
    local: 'gv.van',
    name: 'Hoàng Văn Nam',
    roles: ['TEACHER', 'DECLARATION'],
    hint: 'Ngữ văn: kết quả khảo sát cá nhân (học phần 1), ý kiến đã duyệt',
  },
  {
    local: 'gv.anh',
    name: 'Vũ Thị Mai',
    roles: ['TEACHER'],
    hint: 'Tiếng Anh: tiến độ khảo sát đang mở theo lớp; kết quả cá nhân (học phần 1)',
  },
  {
    local: 'gvcn.hoa',
    name: 'Bùi Thị Hương',
    roles: ['HOMEROOM_TEACHER', 'TEACHER'],
    hint: 'lớp 11 Hóa: học sinh chưa làm khảo sát; dạy Hóa học: kết quả cá nhân (học phần 1)',
  },
  {
    local: 'khaibao.sinh',
    name: 'Phan Thị Ngọc',
    roles: ['DECLARATION', 'TEACHER'],
    hint: 'dạy Sinh học: kết quả khảo sát cá nhân (học phần 1), ý kiến đã duyệt',
  },
  {
    local: 'ketoan',
    name: 'Ngô Thị Thanh',
    roles: ['ACCOUNTANT'],
    hint: 'giáo viên và giờ dạy theo tổ (thù lao sẽ có trong phiên bản tới)',
  },
  { local: 'csvc', name: 'Đặng Văn Hùng', roles: ['FACILITY_MANAGER'], hint: 'hai cơ sở, các phòng học, lớp học phần chưa có phòng' },
];

export const DEMO_STUDENTS: DemoPerson[] = [
  { local: 'hs.an', name: 'Nguyễn Minh An', roles: ['STUDENT'], hint: 'lớp 10 Toán: khảo sát cần làm; đã làm các khảo sát học phần 1' },
  { local: 'hs.binh', name: 'Trần Gia Bình', roles: ['STUDENT'], hint: 'lớp 10 Anh: khảo sát cần làm; đã làm các khảo sát học phần 1' },
  { local: 'hs.chau', name: 'Lê Bảo Châu', roles: ['STUDENT'], hint: 'lớp 11 Hóa: khảo sát cần làm; đã làm các khảo sát học phần 1' },
  { local: 'hs.dung', name: 'Phạm Tiến Dũng', roles: ['STUDENT'], hint: 'lớp 11 Lý: khảo sát cần làm; đã làm các khảo sát học phần 1' },
  {
    local: 'hs.giang',
    name: 'Hoàng Hương Giang',
    roles: ['STUDENT'],
    hint: 'lớp 12 Văn: khảo sát cần làm; đã làm các khảo sát học phần 1',
  },
  { local: 'hs.khoa', name: 'Vũ Đăng Khoa', roles: ['STUDENT'], hint: 'lớp 12 Toán: khảo sát cần làm; đã làm các khảo sát học phần 1' },
];

export const demoEmail = (local: string) => `${local}@${DEMO_DOMAIN}`;
