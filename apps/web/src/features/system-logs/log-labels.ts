/**
 * Vietnamese names for the audit log's entity and action codes. Codes the server adds later
 * still show (as they are), so the log never hides an entry for want of a label.
 */
const ENTITY_LABELS: Record<string, string> = {
  user: 'Tài khoản',
  student: 'Học sinh',
  students: 'Học sinh',
  teacher: 'Giáo viên',
  teachers: 'Giáo viên',
  users: 'Tài khoản',
  academic_year: 'Năm học',
  semester: 'Học kỳ',
  module: 'Học phần',
  department: 'Tổ chuyên môn',
  subject: 'Môn học',
  campus: 'Cơ sở',
  classroom: 'Phòng học',
  homeroom_class: 'Lớp chủ nhiệm',
  course_class: 'Lớp học phần',
  'course-classes': 'Lớp học phần',
  course_class_student: 'Ghi danh lớp học phần',
  enrolments: 'Ghi danh lớp học phần',
  demo: 'Dữ liệu mẫu',
};

const ACTION_LABELS: Record<string, string> = {
  create: 'Tạo mới',
  update: 'Cập nhật',
  delete: 'Xóa',
  deactivate: 'Vô hiệu hóa',
  import: 'Nhập từ tệp',
  login: 'Đăng nhập',
  seed: 'Tạo dữ liệu mẫu',
  enrol: 'Ghi danh',
  unenrol: 'Hủy ghi danh',
  error: 'Lỗi',
};

export const entityLabel = (code: string) => ENTITY_LABELS[code] ?? code;
export const actionLabel = (code: string) => ACTION_LABELS[code] ?? code;
