import { formatDate, formatDateTime } from './format';
import { ROLE_LABELS } from './roles';
import { CLASSROOM_KIND_LABELS, GENDER_LABELS, STUDENT_STATUS_LABELS, SUBJECT_KIND_LABELS } from './school';
import { QUESTION_TYPE_LABELS, REVIEW_STATUS_LABELS, SURVEY_STATUS_LABELS, SURVEY_TYPE_LABELS } from './surveys';
import { REVIEW_REASON_LABELS } from './text-reviews';
import { TAG_SOURCE_LABELS } from './theme-codes';

/*
 * The system log in words: Vietnamese names for the audit log's entity, action, job and field codes,
 * and its before/after laid out as rows of "field: old → new". The web page and the server's XLSX
 * export both read the log through these, so the screen and the printed log say the same thing.
 * A code without a name still shows (as it is), so the log never hides an entry for want of a label;
 * apps/web/src/areas/system-logs/log-labels.test.ts fails on any code the server writes without one.
 */

/** Entity codes (`ctx.log({ entity })`, and an import's kind). Several codes may share a label. */
export const ENTITY_LABELS: Record<string, string> = {
  user: 'Tài khoản',
  users: 'Tài khoản',
  student: 'Học sinh',
  students: 'Học sinh',
  teacher: 'Giáo viên',
  teachers: 'Giáo viên',
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
  period_grid: 'Khung tiết',
  subject_period_plan: 'Số tiết môn học theo khối',
  teacher_availability: 'Lịch bận giáo viên',
  timetable: 'Thời khóa biểu',
  lesson: 'Tiết học',
  calendar_feed: 'Liên kết lịch iCalendar',
  registration: 'Đăng ký học phần',
  registration_round: 'Đợt đăng ký học phần',
  workload_rule_set: 'Quy định định mức giảng dạy',
  teacher_duty: 'Nhiệm vụ giảm định mức của giáo viên',
  tutoring_group: 'Nhóm phụ đạo',
  tutoring_session: 'Buổi phụ đạo',
  declaration: 'Bản kê khai giảng dạy',
  declaration_period: 'Kỳ kê khai giảng dạy',
  declaration_attachment: 'Minh chứng kê khai giảng dạy',
  pay_settings: 'Cấu hình lương cơ sở và dạy thêm giờ',
  teacher_coefficient: 'Hệ số lương và phụ cấp của giáo viên',
  'teacher-coefficients': 'Hệ số lương và phụ cấp của giáo viên',
  pay_run: 'Đợt tính tiền dạy thêm giờ',
  // System settings (issue 17): the school's logo (app_setting rows are the sections)
  school_asset: 'Logo của trường',
  // Regulations (issue 17)
  regulation: 'Văn bản nội quy, quy chế',
  regulation_acknowledgement: 'Xác nhận đã đọc nội quy, quy chế',
  // Student forms (issue 17)
  form_kind: 'Loại đơn',
  student_form: 'Đơn của học sinh',
  student_form_file: 'Tệp đính kèm đơn của học sinh',
  // A signed-in device (issue 17): revoked from the profile, ended by sign-out.
  user_session: 'Phiên đăng nhập',
  // A user's choice of the notifications they receive (issue 17)
  notification_preferences: 'Lựa chọn nhận thông báo',
};

export const ACTION_LABELS: Record<string, string> = {
  create: 'Tạo mới',
  update: 'Cập nhật',
  delete: 'Xóa',
  deactivate: 'Vô hiệu hóa',
  import: 'Nhập từ tệp',
  login: 'Đăng nhập',
  logout: 'Đăng xuất',
  end_sessions: 'Đăng xuất mọi phiên',
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
  publish: 'Công bố kết quả',
  unpublish: 'Thu hồi công bố kết quả',
  place: 'Xếp tiết',
  swap: 'Đổi chỗ tiết',
  unplace: 'Bỏ xếp tiết',
  lock: 'Khóa hoặc mở khóa tiết',
  room: 'Đổi phòng',
  publish_timetable: 'Công bố thời khóa biểu',
  generate: 'Xếp tự động',
  revoke: 'Thu hồi',
  withdraw_publication: 'Thu hồi công bố (khảo sát mở lại)',
  register: 'Đăng ký lớp học phần',
  drop: 'Hủy đăng ký lớp học phần',
  swap_class: 'Đổi lớp học phần',
  promote: 'Xếp chỗ từ danh sách chờ',
  close: 'Chốt đợt đăng ký',
  reopen: 'Mở lại đợt đăng ký',
  admin_add: 'Thêm học sinh vào lớp (quản trị)',
  admin_remove: 'Gỡ học sinh khỏi lớp (quản trị)',
  remind: 'Nhắc học sinh chưa đủ điều kiện',
  attendance: 'Điểm danh',
  submit_declaration: 'Nộp bản kê khai',
  approve_declaration: 'Tổ trưởng duyệt bản kê khai',
  return_declaration: 'Trả lại bản kê khai',
  confirm_declaration: 'Giáo vụ xác nhận bản kê khai',
  lock_declaration: 'Khóa bản kê khai',
  unlock_declaration: 'Mở khóa bản kê khai',
  remind_declarations: 'Nhắc giáo viên chưa nộp kê khai',
  // Declaration history actions (declaration_history.action; the service names them like audit actions)
  submit: 'Nộp',
  approve: 'Phê duyệt',
  edit: 'Sửa nội dung',
  attach: 'Thêm tệp minh chứng',
  detach: 'Xóa tệp minh chứng',
  // Pay runs (issue 16)
  recompute: 'Tính lại',
  submit_pay_run: 'Trình duyệt đợt tính tiền dạy thêm giờ',
  approve_pay_run: 'Hiệu trưởng duyệt đợt tính tiền dạy thêm giờ',
  return_pay_run: 'Hiệu trưởng trả lại đợt tính tiền dạy thêm giờ',
  pay_pay_run: 'Xác nhận đã chi trả tiền dạy thêm giờ',
  // Pay run history actions (pay_run_history.action)
  pay: 'Chi trả',
  // Regulations (issue 17)
  publish_regulation: 'Ban hành văn bản',
  archive_regulation: 'Lưu trữ văn bản',
  reset_acknowledgements: 'Yêu cầu học sinh xác nhận lại',
  acknowledge: 'Xác nhận đã đọc và cam kết thực hiện',
  // Student forms (issue 17)
  submit_student_form: 'Gửi đơn',
  withdraw_student_form: 'Rút đơn',
  approve_student_form: 'Duyệt đơn',
  reject_student_form: 'Không duyệt đơn',
  return_student_form: 'Trả lại đơn để sửa',
  escalate_student_form: 'GVCN duyệt, chuyển Hiệu trưởng quyết định',
  // Student form history actions (student_form_history.action)
  withdraw: 'Rút lại',
};

/** Background jobs (`systemActor('<job>')`): the "who" of what they write. */
export const JOB_LABELS: Record<string, string> = {
  'auto-review': 'Tự động kiểm duyệt ý kiến',
  publication: 'Tự động công bố kết quả',
  results: 'Tự động cập nhật kết quả',
  'registration-waitlist': 'Tự động xếp chỗ từ danh sách chờ',
  seed: 'Tạo dữ liệu mẫu',
  'registration-close': 'Tự động chốt đợt đăng ký',
};

/**
 * Field names in before/after: the tables' columns and the keys of the services' snapshots and
 * summaries. A field without one shows its code.
 */
export const FIELD_LABELS: Record<string, string> = {
  // Columns
  id: 'ID',
  // Teaching workload: rule sets, duties, positions (issue 15)
  rules: 'Quy định',
  startsOn: 'Từ ngày',
  endsOn: 'Đến ngày',
  position: 'Chức vụ',
  // Teaching declarations (issue 15): periods, declarations, lines, evidence files, history
  weeks: 'Số tuần',
  reviewBy: 'Hạn duyệt',
  holidays: 'Ngày nghỉ',
  periodId: 'Kỳ kê khai',
  declarationId: 'Bản kê khai',
  totals: 'Tổng số tiết',
  lines: 'Số dòng kê khai',
  added: 'Dòng thêm',
  removed: 'Dòng xóa',
  lastComment: 'Nhận xét gần nhất',
  comment: 'Nhận xét',
  submittedBy: 'Người nộp',
  approvedAt: 'Thời điểm duyệt',
  approvedBy: 'Người duyệt',
  confirmedAt: 'Thời điểm xác nhận',
  confirmedBy: 'Người xác nhận',
  lockedAt: 'Thời điểm khóa',
  lockedBy: 'Người khóa',
  activityCode: 'Hoạt động quy đổi',
  dutyCode: 'Nhiệm vụ',
  untilDate: 'Đến ngày',
  forTeacherId: 'Dạy thay cho',
  tutoringGroupId: 'Nhóm phụ đạo',
  sort: 'Thứ tự',
  lineId: 'Dòng kê khai',
  fileName: 'Tên tệp',
  mimeType: 'Loại tệp',
  size: 'Dung lượng',
  uploadedBy: 'Người tải lên',
  actorId: 'Người thực hiện',
  action: 'Thao tác',
  fromStatus: 'Trạng thái trước',
  toStatus: 'Trạng thái sau',
  changes: 'Thay đổi',
  at: 'Thời điểm',
  // Tutoring (issue 15)
  attendance: 'Điểm danh',
  onDate: 'Ngày học',
  sessionId: 'Buổi học',
  // Timetables (issue 13)
  basedOnId: 'Sao chép từ phiên bản',
  day: 'Thứ',
  days: 'Ngày học',
  doublePeriods: 'Tiết đôi',
  effectiveFrom: 'Áp dụng từ',
  fixedEvents: 'Hoạt động cố định',
  length: 'Số tiết liền',
  locked: 'Đã khóa',
  maxPeriodsPerDay: 'Số tiết tối đa mỗi ngày',
  note: 'Ghi chú',
  period: 'Tiết',
  periods: 'Khung tiết',
  periodsPerWeek: 'Số tiết mỗi tuần',
  preferredDays: 'Ngày dạy mong muốn',
  roomKind: 'Loại phòng cần',
  timetableId: 'Thời khóa biểu',
  tokenHash: 'Mã băm liên kết lịch',
  version: 'Phiên bản dòng',
  academicYearId: 'Năm học',
  active: 'Đang hoạt động',
  address: 'Địa chỉ',
  allowedGrades: 'Khối được tham gia',
  answerOptions: 'Lựa chọn trả lời',
  answerText: 'Nội dung trả lời',
  autoCalculate: 'Tự động tính kết quả',
  campusId: 'Cơ sở',
  capacity: 'Sĩ số tối đa',
  classroomId: 'Phòng học',
  code: 'Mã',
  codeId: 'Mã ý kiến',
  computedAt: 'Thời điểm tính',
  content: 'Nội dung',
  courseClassId: 'Lớp học phần',
  coverImageUrl: 'Ảnh bìa',
  createdAt: 'Ngày tạo',
  createdBy: 'Người tạo',
  data: 'Dữ liệu',
  dateOfBirth: 'Ngày sinh',
  departmentId: 'Tổ chuyên môn',
  description: 'Mô tả',
  displayName: 'Tên hiển thị',
  displayOrder: 'Thứ tự',
  email: 'E-mail',
  endDate: 'Ngày kết thúc',
  enrolledAt: 'Ngày ghi danh',
  filtered: 'Đã lọc',
  fullName: 'Họ và tên',
  gender: 'Giới tính',
  grade: 'Khối',
  gridColumnId: 'Cột của câu hỏi lưới',
  gridGroupId: 'Nhóm câu hỏi lưới',
  groupId: 'Nhóm',
  homeroomClassId: 'Lớp chủ nhiệm',
  homeroomTeacherId: 'Giáo viên chủ nhiệm',
  isCurrent: 'Hiện tại',
  isPrimary: 'Vai trò chính',
  isTemplate: 'Là mẫu',
  key: 'Khóa',
  keywords: 'Từ khóa',
  kind: 'Loại',
  label: 'Nhãn',
  lastLoginAt: 'Lần đăng nhập cuối',
  lmsOnly: 'Chỉ dùng với LMS',
  matchedKeyword: 'Từ khóa khớp',
  matchedSpans: 'Đoạn bị gắn cờ',
  moduleId: 'Học phần',
  name: 'Tên',
  options: 'Lựa chọn',
  otherValue: 'Giá trị khác',
  photoUrl: 'Ảnh đại diện',
  publishedAt: 'Thời điểm công bố',
  publishedBy: 'Người công bố',
  questionId: 'Câu hỏi',
  questionType: 'Loại câu hỏi',
  reason: 'Lý do',
  reasonCodes: 'Lý do gắn cờ',
  required: 'Bắt buộc',
  responseCount: 'Số phản hồi',
  responseDetailId: 'Câu trả lời',
  responseId: 'Phản hồi',
  reviewId: 'Lượt duyệt',
  reviewedAt: 'Thời điểm duyệt',
  reviewerId: 'Người duyệt',
  role: 'Vai trò',
  searchText: 'Chuỗi tìm kiếm',
  sectionId: 'Phần',
  semesterId: 'Học kỳ',
  sortKey: 'Khóa sắp xếp',
  source: 'Nguồn',
  sourceQuestionId: 'Câu hỏi gốc',
  staffCode: 'Mã giáo viên',
  startDate: 'Ngày bắt đầu',
  status: 'Trạng thái',
  straightLined: 'Trả lời một kiểu',
  studentCode: 'Mã học sinh',
  studentGrade: 'Khối của học sinh',
  studentId: 'Học sinh',
  subjectId: 'Môn học',
  submittedAt: 'Thời điểm gửi',
  surveyId: 'Khảo sát',
  surveyType: 'Loại khảo sát',
  teacherId: 'Giáo viên',
  teacherIds: 'Giáo viên',
  templateId: 'Mẫu',
  themeId: 'Chủ đề',
  title: 'Tiêu đề',
  tokenVersion: 'Lượt phiên đăng nhập',
  device: 'Thiết bị',
  lastSeenAt: 'Lần hoạt động gần nhất',
  revokedAt: 'Thời điểm đăng xuất',
  updatedAt: 'Ngày cập nhật',
  updatedBy: 'Người cập nhật',
  usesLms: 'Dùng LMS',
  userId: 'Tài khoản',
  value: 'Giá trị',
  valueNumber: 'Giá trị số',
  visibleToTeacher: 'Giáo viên được xem',
  // Snapshots and summaries
  roles: 'Vai trò',
  subjectIds: 'Môn dạy',
  headTeacherIds: 'Tổ trưởng',
  studentIds: 'Học sinh',
  enrolledCount: 'Số học sinh đã ghi danh',
  via: 'Cách đăng nhập',
  photoURL: 'Ảnh đại diện',
  subject: 'Môn học',
  sections: 'Các phần',
  questions: 'Câu hỏi',
  gridGroup: 'Nhóm câu hỏi lưới',
  sourceId: 'Bản gốc',
  answerCount: 'Số câu trả lời',
  file: 'Tệp',
  rows: 'Số dòng',
  created: 'Số dòng tạo mới',
  updated: 'Số dòng cập nhật',
  validOnly: 'Chỉ nhập dòng hợp lệ',
  errorRows: 'Dòng lỗi (bỏ qua)',
  bytes: 'Dung lượng (byte)',
  originalName: 'Tên tệp gốc',
  questionIds: 'Câu hỏi tính điểm',
  enabled: 'Bật',
  kinds: 'Loại kết quả',
  texts: 'Số ý kiến',
  codes: 'Số mã ý kiến',
  themes: 'Số chủ đề',
  matches: 'Số lần khớp',
  newAutoTags: 'Mã tự động mới',
  removedAutoTags: 'Mã tự động bị gỡ',
  checked: 'Số ý kiến đã kiểm tra',
  flagged: 'Số ý kiến bị gắn cờ',
  approved: 'Số ý kiến được duyệt',
  pending: 'Số ý kiến chờ duyệt',
  skipped: 'Số ý kiến bỏ qua',
  changed: 'Số ý kiến đổi trạng thái',
  approvedIds: 'Lượt duyệt được duyệt',
  pendingIds: 'Lượt duyệt chờ duyệt',
  storedDropped: 'Số kết quả đã lưu bị xóa',
  straightLinedChanged: 'Số phản hồi đổi nhãn trả lời một kiểu',
  autoApproveClean: 'Tự động duyệt ý kiến sạch',
  autoPublish: 'Tự động công bố kết quả',
  restrictedFiltered: 'Giáo viên xem kết quả đã lọc',
  // The demo school's counts
  notifications: 'Thông báo',
  academicYears: 'Năm học',
  semesters: 'Học kỳ',
  modules: 'Học phần',
  departments: 'Tổ chuyên môn',
  subjects: 'Môn học',
  campuses: 'Cơ sở',
  classrooms: 'Phòng học',
  homeroomClasses: 'Lớp chủ nhiệm',
  courseClasses: 'Lớp học phần',
  enrolments: 'Lượt ghi danh',
  teachers: 'Giáo viên',
  students: 'Học sinh',
  users: 'Tài khoản',
  surveys: 'Khảo sát',
  responses: 'Phản hồi',
  // Course registration (issue 14): the student's requests
  requestId: 'Mã yêu cầu',
  outcome: 'Kết quả yêu cầu',
  // Course registration (issue 14): rounds, groups, offers and the administrator's snapshots
  opensAt: 'Thời điểm mở',
  closesAt: 'Thời điểm đóng',
  closedAt: 'Thời điểm chốt',
  grades: 'Khối',
  maxClasses: 'Số lớp tối đa',
  noClash: 'Không trùng lịch',
  waitlist: 'Danh sách chờ',
  roundId: 'Đợt đăng ký',
  choose: 'Số lớp phải chọn',
  taken: 'Số chỗ đã đăng ký',
  compulsory: 'Bắt buộc',
  enrolled: 'Đã ghi danh khi chốt',
  bypassRules: 'Bỏ qua quy tắc',
  capacityRaisedTo: 'Sĩ số tối đa nâng lên',
  unenrolled: 'Ghi danh bị hủy',
  groupsInput: 'Nhóm tự chọn',
  offersInput: 'Lớp học phần mở đăng ký',
  compulsoryRegistrations: 'Số đăng ký lớp bắt buộc',
  groups: 'Số nhóm tự chọn',
  offers: 'Số lớp mở đăng ký',
  alreadyEnrolled: 'Số đã ghi danh từ trước',
  waitlistDropped: 'Số yêu cầu chờ bị hủy',
  unmetStudents: 'Số học sinh chưa đủ điều kiện',
  reminded: 'Số tài khoản được nhắc',
  // Teacher pay (issue 16): the pay settings and a teacher's coefficients (rank, step, coefficient also name a pay run line's)
  baseSalary: 'Lương cơ sở',
  overtimeRatePercent: 'Tỷ lệ trả lương dạy thêm giờ (%)',
  countedAllowances: 'Phụ cấp được tính vào lương tháng',
  rank: 'Hạng',
  step: 'Bậc lương',
  coefficient: 'Hệ số lương',
  leadershipCoefficient: 'Hệ số phụ cấp chức vụ',
  preferentialPercent: 'Phụ cấp ưu đãi (%)',
  seniorityPercent: 'Phụ cấp thâm niên (%)',
  serviceStartDate: 'Ngày bắt đầu công tác',
  otherCoefficient: 'Hệ số phụ cấp khác',
  // Pay runs and their lines (issue 16)
  adjustsRunId: 'Đợt được điều chỉnh',
  runId: 'Đợt tính',
  amount: 'Tiền dạy thêm giờ',
  due: 'Còn được nhận',
  previouslyPaid: 'Đã chi ở các đợt trước',
  blockers: 'Giáo viên chưa đủ điều kiện',
  capped: 'Vượt mức tối đa tiết dạy thêm',
  counted: 'Số tiết được tính',
  norm: 'Định mức',
  yearlyNorm: 'Định mức cả năm',
  overtime: 'Số tiết dạy thêm',
  overtimePaid: 'Số tiết dạy thêm được thanh toán',
  monthlySalary: 'Lương tháng',
  yearlySalary: 'Lương năm',
  periodPay: 'Tiền lương 1 tiết',
  overtimePeriodPay: 'Tiền lương 1 tiết dạy thêm',
  departmentName: 'Tổ chuyên môn',
  detail: 'Diễn giải',
  inputs: 'Giá trị dùng để tính',
  proceedWithoutBlocked: 'Tiếp tục không gồm giáo viên chưa đủ điều kiện',
  paidAt: 'Thời điểm chi trả',
  paidBy: 'Người xác nhận chi trả',
  // System settings (issue 17): the sections' fields
  minGroupSize: 'Ngưỡng ẩn danh (số phản hồi tối thiểu)',
  defaultCapacity: 'Sĩ số mặc định',
  waitlistByDefault: 'Bật danh sách chờ mặc định',
  defaultOff: 'Loại thông báo tắt mặc định',
  emailFrom: 'Người gửi e-mail',
  allowedDomains: 'Tên miền e-mail được đăng nhập',
  adminEmails: 'E-mail quản trị viên',
  // Regulations (issue 17): regulations, regulation_acknowledgements and their snapshots
  category: 'Danh mục',
  bodyHtml: 'Nội dung',
  pdfName: 'Tệp PDF',
  pdfSize: 'Dung lượng tệp PDF',
  pdfData: 'Nội dung tệp PDF',
  requiresAck: 'Yêu cầu học sinh xác nhận',
  regulationId: 'Văn bản',
  acknowledgedAt: 'Thời điểm xác nhận',
  ackCount: 'Số học sinh đã xác nhận',
  // Notifications (issue 17): notifications, notification_preferences and the preferences' snapshots
  body: 'Nội dung',
  link: 'Liên kết',
  dedupeKey: 'Khóa chống trùng',
  readAt: 'Đã đọc lúc',
  emailedAt: 'Đã gửi e-mail lúc',
  inApp: 'Nhận trong ứng dụng',
  preferences: 'Lựa chọn nhận thông báo',
  // Student forms (issue 17): form_kinds, student_forms and their snapshots
  fields: 'Các trường',
  escalation: 'Điều kiện chuyển Hiệu trưởng',
  countsAbsence: 'Tính vắng học',
  sortOrder: 'Thứ tự',
  template: 'Mẫu in',
  kindId: 'Loại đơn',
  values: 'Nội dung đơn',
  firstDay: 'Từ ngày',
  lastDay: 'Đến ngày',
  absenceSessions: 'Số buổi vắng',
  clientKey: 'Mã gửi của trình duyệt',
  escalatedAt: 'Thời điểm chuyển Hiệu trưởng',
  decidedAt: 'Thời điểm quyết định',
  decidedBy: 'Người quyết định',
  decisionComment: 'Ý kiến khi quyết định',
  formId: 'Đơn',
  fieldKey: 'Mục đính kèm',
};

/**
 * Fields that hold the id of another record (or a list of ids), with that record's entity: the
 * server looks their names up for the details (`GET /system-logs/{id}` `names`).
 */
export const REF_FIELDS: Record<string, string> = {
  academicYearId: 'academic_year',
  semesterId: 'semester',
  moduleId: 'module',
  departmentId: 'department',
  subjectId: 'subject',
  subjectIds: 'subject',
  campusId: 'campus',
  classroomId: 'classroom',
  homeroomClassId: 'homeroom_class',
  courseClassId: 'course_class',
  teacherId: 'teacher',
  teacherIds: 'teacher',
  headTeacherIds: 'teacher',
  homeroomTeacherId: 'teacher',
  studentId: 'student',
  studentIds: 'student',
  surveyId: 'survey',
  sourceId: 'survey',
  userId: 'user',
  reviewerId: 'user',
  createdBy: 'user',
  publishedBy: 'user',
  themeId: 'theme',
  codeId: 'code',
};

/** Coded values, per field (and, where a field means different things, per entity first). */
const VALUE_LABELS: Record<string, Record<string, string>> = {
  via: { dev: 'Tài khoản thử', google: 'Google' },
  gender: GENDER_LABELS,
  roles: ROLE_LABELS,
  role: ROLE_LABELS,
  surveyType: SURVEY_TYPE_LABELS,
  questionType: QUESTION_TYPE_LABELS,
  reasonCodes: REVIEW_REASON_LABELS,
  source: TAG_SOURCE_LABELS,
  reason: { survey_changed: 'Khảo sát đã thay đổi' },
  'student.status': STUDENT_STATUS_LABELS,
  'survey.status': SURVEY_STATUS_LABELS,
  'response_review.status': REVIEW_STATUS_LABELS,
  'subject.kind': SUBJECT_KIND_LABELS,
  'classroom.kind': CLASSROOM_KIND_LABELS,
};

export const entityLabel = (code: string): string => ENTITY_LABELS[code] ?? code;
export const actionLabel = (code: string): string => ACTION_LABELS[code] ?? code;
export const jobLabel = (job: string): string => JOB_LABELS[job] ?? `Tác vụ tự động (${job})`;
export const fieldLabel = (key: string): string => FIELD_LABELS[key] ?? key;

const collator = new Intl.Collator('vi');

/**
 * One filter entry per label: codes that share a label ("student" and an import's "students") are
 * offered once, as `value` = the codes joined by commas, which the list's `entity`/`action` accept.
 */
export function labelGroups(codes: readonly string[], label: (code: string) => string): Array<{ value: string; label: string }> {
  const byLabel = new Map<string, string[]>();
  for (const c of codes) byLabel.set(label(c), [...(byLabel.get(label(c)) ?? []), c]);
  return [...byLabel].map(([l, cs]) => ({ value: [...cs].sort().join(','), label: l })).sort((a, b) => collator.compare(a.label, b.label));
}

/** Codes ranked by their labels (Vietnamese order), so a sort by entity or action reads A → Z. */
export function labelRanks(labels: Record<string, string>): Array<[code: string, rank: number]> {
  const codes = Object.keys(labels).sort((a, b) => collator.compare(labels[a], labels[b]) || a.localeCompare(b));
  return codes.map((c, i) => [c, i]);
}

// ---- Before / after ----

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Names of referenced records, by entity then id (the details' `names`). */
export type RefNames = Record<string, Record<string, string>>;

/** Every id a before/after refers to, by entity: what the server looks up for the details. */
export function refsOf(...values: unknown[]): Map<string, Set<number>> {
  const out = new Map<string, Set<number>>();
  for (const v of values) {
    if (!isRecord(v)) continue;
    for (const [key, x] of Object.entries(v)) {
      const entity = REF_FIELDS[key];
      if (!entity) continue;
      for (const id of Array.isArray(x) ? x : [x]) {
        if (typeof id === 'number' && Number.isInteger(id) && id > 0) {
          const set = out.get(entity) ?? new Set<number>();
          set.add(id);
          out.set(entity, set);
        }
      }
    }
  }
  return out;
}

function scalar(opts: { entity: string; key: string; value: unknown; names?: RefNames }): string {
  const { entity, key, value, names } = opts;
  if (value === null || value === undefined || value === '') return '';
  const ref = REF_FIELDS[key];
  if (ref && typeof value === 'number') {
    const name = names?.[ref]?.[String(value)];
    return name ? `${name} (#${value})` : `#${value}`;
  }
  if (typeof value === 'boolean') return value ? 'Có' : 'Không';
  if (typeof value === 'string') {
    const coded = VALUE_LABELS[`${entity}.${key}`] ?? VALUE_LABELS[key];
    if (coded?.[value]) return coded[value];
    if (ISO_MOMENT.test(value)) return formatDateTime(value) || value;
    if (ISO_DAY.test(value)) return formatDate(value) || value;
    return value;
  }
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/**
 * A value as a person reads it: "Có"/"Không", dd/mm/yyyy (HH:mm), coded values and roles in words,
 * referenced records by name, lists joined by commas; nested records as compact JSON. '' = empty.
 */
export function showValue(opts: { entity: string; key: string; value: unknown; names?: RefNames }): string {
  const { value } = opts;
  if (Array.isArray(value)) {
    if (value.some((x) => typeof x === 'object' && x !== null)) return JSON.stringify(value);
    return value.map((x) => scalar({ ...opts, value: x })).join(', ');
  }
  if (isRecord(value)) return JSON.stringify(value);
  return scalar(opts);
}

export interface ChangeRow {
  key: string;
  label: string;
  before: string;
  after: string;
  /** Both sides were given and this field differs between them. */
  changed: boolean;
}

/**
 * The rows of a before/after: one per field of either side (before's order, then fields only after
 * has). `sides` says which sides the entry has: an update both, a creation or a sign-in only after,
 * a deletion only before. A side that is not a record is one row, "Giá trị".
 */
export function changeRows(entry: { entity: string; before: unknown; after: unknown }, names?: RefNames) {
  const { entity, before, after } = entry;
  const has = (v: unknown) => v !== null && v !== undefined;
  const sides = has(before) && has(after) ? 'both' : has(before) ? 'before' : has(after) ? 'after' : 'none';
  const show = (key: string, value: unknown) => showValue({ entity, key, value, names });
  if ((has(before) && !isRecord(before)) || (has(after) && !isRecord(after))) {
    const row: ChangeRow = {
      key: '',
      label: 'Giá trị',
      before: show('', before),
      after: show('', after),
      changed: sides === 'both' && !same(before, after),
    };
    return { sides, rows: [row] } as const;
  }
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const rows = keys.map((key): ChangeRow => ({
    key,
    label: fieldLabel(key),
    before: show(key, b[key]),
    after: show(key, a[key]),
    changed: sides === 'both' && !same(b[key], a[key]),
  }));
  return { sides, rows } as const;
}

/**
 * The change in lines of text (the export's "Nội dung" column): "Tên: A → B" for changed fields of an
 * update, "Tên: A" for every field of a one-sided entry.
 */
export function changeText(entry: { entity: string; before: unknown; after: unknown }, names?: RefNames): string {
  const { sides, rows } = changeRows(entry, names);
  const blank = (s: string) => s || '(trống)';
  if (sides === 'both')
    return rows
      .filter((r) => r.changed)
      .map((r) => `${r.label}: ${blank(r.before)} → ${blank(r.after)}`)
      .join('\n');
  return rows.map((r) => `${r.label}: ${blank(sides === 'before' ? r.before : r.after)}`).join('\n');
}

/** A record's own name in its snapshot (what a deleted record was called). */
export function nameInSnapshot(...values: unknown[]): string | null {
  for (const v of values) {
    if (!isRecord(v)) continue;
    for (const k of ['title', 'fullName', 'displayName', 'name', 'email']) {
      const x = v[k];
      if (typeof x === 'string' && x.trim()) return x;
    }
  }
  return null;
}
