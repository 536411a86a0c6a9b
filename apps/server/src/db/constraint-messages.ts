/**
 * Vietnamese messages for the database's own constraints, by constraint name, so a race that
 * slips past a service's check still answers 409 (or 400) with a clear message. One static list:
 * add a constraint's message here when a migration adds the constraint.
 */
export const CONSTRAINT_MESSAGES: Readonly<Record<string, string>> = {
  modules_code_uq: 'Mã học phần đã tồn tại.',
  modules_current_uq: 'Một học phần khác vừa được đặt làm học phần hiện tại. Vui lòng thử lại.',
  academic_years_name_uq: 'Tên năm học đã tồn tại.',
  academic_years_current_uq: 'Một năm học khác vừa được đặt làm năm học hiện tại. Vui lòng thử lại.',
  semesters_year_name_uq: 'Tên học kỳ đã tồn tại trong năm học này.',
  semesters_current_uq: 'Một học kỳ khác vừa được đặt làm học kỳ hiện tại. Vui lòng thử lại.',
  homeroom_classes_year_name_uq: 'Tên lớp đã tồn tại trong năm học này.',
  campuses_code_uq: 'Mã cơ sở đã tồn tại.',
  classrooms_campus_code_uq: 'Mã phòng đã tồn tại trong cơ sở này.',
  classrooms_capacity_ck: 'Sức chứa phải lớn hơn 0.',
  students_code_uq: 'Mã học sinh đã tồn tại.',
  departments_code_uq: 'Mã tổ chuyên môn đã tồn tại.',
  subjects_code_uq: 'Mã môn học đã tồn tại.',
  teachers_staff_code_uq: 'Mã giáo viên đã tồn tại.',
  teachers_user_uq: 'Tài khoản này đã gắn với một giáo viên khác.',
  course_classes_module_code_uq: 'Mã lớp học phần đã tồn tại trong học phần này.',
  course_class_students_course_class_id_student_id_pk: 'Học sinh đã được ghi danh vào lớp học phần này.',
  response_detail_codes_detail_code_uq: 'Câu trả lời này đã được gắn mã này.',
  themes_name_uq: 'Tên chủ đề đã tồn tại.',
  codes_name_uq: 'Tên mã đã tồn tại.',
  theme_codes_pkey: 'Mã đã thuộc chủ đề này.',
  survey_sections_order_uq: 'Thứ tự hiển thị các phần không được trùng nhau.',
  survey_questions_order_uq: 'Thứ tự hiển thị các câu hỏi trong một phần không được trùng nhau.',
  grid_columns_order_uq: 'Thứ tự hiển thị các cột của lưới không được trùng nhau.',
  grid_columns_label_uq: 'Nhãn các cột của lưới không được trùng nhau.',
  grid_columns_value_uq: 'Giá trị các cột của lưới không được trùng nhau.',
  surveys_template_ck: 'Mẫu khảo sát không gắn với học phần và không thể mở cho học sinh trả lời.',
  surveys_dates_ck: 'Khảo sát đang mở hoặc đã đóng phải có ngày bắt đầu và ngày kết thúc.',
  surveys_subject_ck: 'Khảo sát theo môn học phải chọn môn học; khảo sát chung không gắn với môn học.',
  survey_responses_one_uq: 'Bạn đã hoàn thành khảo sát này.',
  response_details_question_uq: 'Câu hỏi này được trả lời nhiều lần trong cùng một bài gửi.',
  users_email_lower_uq: 'E-mail này đã được dùng cho tài khoản khác.',
};
