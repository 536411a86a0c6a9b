/**
 * Every fixed Vietnamese string of the survey form and submission (spec sections 4, 5, 8), so the web
 * and the server show the same text. Punctuation is the spec's: some end with a period, some do not.
 */
export const SURVEY_MSG = {
  // spec section 5, per question
  required: 'Câu hỏi này bắt buộc phải trả lời.',
  otherRequired: 'Vui lòng nhập giá trị cho lựa chọn "Khác"',
  chooseValue: 'Vui lòng chọn một giá trị.',
  chooseAtLeastOne: 'Vui lòng chọn ít nhất một lựa chọn',
  enterAnswer: 'Vui lòng nhập câu trả lời.',
  chooseScale: 'Vui lòng chọn một giá trị trên thang đo.',
  gridGroupRequired: 'Vui lòng trả lời tất cả các câu hỏi bắt buộc trong nhóm này.',
  unsupportedType: 'Loại câu hỏi không được hỗ trợ.',
  // spec section 5, form level
  fillRequiredToast: 'Vui lòng điền đầy đủ thông tin cho các câu hỏi bắt buộc',
  noStudent: 'Không thể xác định thông tin học sinh.',
  // spec section 4
  restored: 'Đã khôi phục câu trả lời từ lần truy cập trước',
  // spec section 8
  loadServerError: 'Lỗi máy chủ khi tải chi tiết khảo sát.',
  loadFailed: 'Không thể tải chi tiết khảo sát.',
  noSurveyId: 'Không thể xác định khảo sát',
  surveyNotFound: 'Không tìm thấy thông tin khảo sát.',
  submitFailed: 'Không thể gửi khảo sát',
  submitServerError: 'Lỗi máy chủ khi gửi khảo sát',
  submitSuccess: 'Gửi khảo sát thành công!',
  emptyGridQuestions: 'Không có câu hỏi grid',
  emptyGridGroup: 'Không tìm thấy thông tin grid group',
  emptyGridColumns: 'Lưới không có cột nào',
  emptySection: 'Phần này chưa có câu hỏi nào.',
  emptySurvey: 'Khảo sát này chưa có nội dung (phần và câu hỏi)',
  // spec section 2 (buttons)
  submitButton: 'Gửi khảo sát',
  submittingButton: 'Đang gửi...',

  // our own (not in the spec): server-side checks of a submission (issue 4)
  invalidOption: 'Lựa chọn không hợp lệ.',
  singleChoiceOnly: 'Chỉ được chọn một lựa chọn.',
  invalidGridColumn: 'Cột đã chọn không thuộc lưới của câu hỏi này.',
  scaleOutOfRange: (min: number, max: number) => `Giá trị phải là số nguyên từ ${min} đến ${max}.`,
  textTooLong: (max: number) => `Câu trả lời tối đa ${max} ký tự.`,
  unknownQuestion: (questionId: number) => `Câu hỏi #${questionId} không thuộc khảo sát này.`,
  unknownSection: (sectionId: number) => `Phần #${sectionId} không thuộc khảo sát này.`,
  wrongSection: 'Câu trả lời được gửi trong phần không chứa câu hỏi này.',
  duplicateAnswer: 'Câu hỏi này được trả lời nhiều lần trong cùng một bài gửi.',
  /** Prefix naming the question in a server message, e.g. `Câu hỏi "Thầy cô giảng dễ hiểu": …`. */
  namedQuestion: (questionText: string, message: string) => `Câu hỏi "${questionText}": ${message}`,
} as const;
