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
  survey: 'Khảo sát',
  survey_cover: 'Ảnh bìa khảo sát',
  survey_response: 'Phản hồi khảo sát',
  template_question: 'Câu hỏi mẫu khảo sát',
  score_config: 'Cấu hình điểm khảo sát',
  survey_results: 'Kết quả khảo sát',
  module_results: 'Kết quả khảo sát học phần',
  survey_auto_calculate: 'Tự động tính kết quả',
  results_cache: 'Bộ nhớ đệm kết quả',
  response_review: 'Duyệt ý kiến',
  app_setting: 'Cài đặt',
  theme: 'Chủ đề ý kiến',
  code: 'Mã ý kiến',
  theme_code: 'Gán mã vào chủ đề',
  response_detail_code: 'Gắn mã ý kiến',
  survey_theme_codes: 'Phân tích ý kiến',
  theme_codes_seed: 'Chủ đề và mã ý kiến ban đầu',
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
  apply_template: 'Tạo từ mẫu',
  clone: 'Nhân bản',
  upload: 'Tải lên',
  calculate: 'Tính kết quả',
  auto_calculate: 'Tự động tính kết quả',
  // One action for approving and rejecting: "Duyệt" alone would call a rejection an approval.
  review: 'Xét duyệt',
  auto_review: 'Kiểm duyệt tự động',
  analyze: 'Phân tích',
  invalidate: 'Làm mới kết quả',
};

export const entityLabel = (code: string) => ENTITY_LABELS[code] ?? code;
export const actionLabel = (code: string) => ACTION_LABELS[code] ?? code;
