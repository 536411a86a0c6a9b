/** The steps of a form's history in words (student_form_history.action). */
export const HISTORY_LABELS: Record<string, string> = {
  create: 'Tạo đơn',
  submit: 'Gửi đơn',
  approve: 'Duyệt',
  reject: 'Không duyệt',
  return: 'Trả lại để sửa',
  withdraw: 'Rút đơn',
};
