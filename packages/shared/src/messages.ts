/** Vietnamese strings with a fixed wording (spec section 8 and our own API errors). */
export const MSG = {
  sessionExpired: 'Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.',
  loginFailed: 'Đăng nhập thất bại',
  loginSuccess: 'Đăng nhập thành công',
  moduleSessionExpired: 'Phiên đăng nhập của bạn đã hết hạn. Vui lòng đăng nhập lại.',
  moduleLoadFailed: 'Không thể tải dữ liệu module. Vui lòng thử lại sau.',
  notYetAvailable: 'Chức năng này sẽ có trong phiên bản tới',

  // server errors
  unauthenticated: 'Bạn chưa đăng nhập hoặc phiên đăng nhập đã hết hạn.',
  forbidden: 'Bạn không có quyền thực hiện thao tác này.',
  notFound: 'Không tìm thấy dữ liệu yêu cầu.',
  routeNotFound: 'Không tìm thấy đường dẫn API.',
  badRequest: 'Dữ liệu gửi lên không hợp lệ.',
  internal: 'Đã có lỗi xảy ra trên máy chủ. Vui lòng thử lại sau.',
  tooManyRequests: 'Bạn đã thử quá nhiều lần. Vui lòng đợi một lát rồi thử lại.',
  googleTokenInvalid: 'Mã đăng nhập Google không hợp lệ hoặc đã hết hạn.',
  emailNotVerified: 'Địa chỉ e-mail Google chưa được xác minh.',
  domainNotAllowed: 'E-mail này không thuộc tên miền được phép đăng nhập.',
  accountNotFound: 'Tài khoản chưa được cấp quyền truy cập hệ thống. Vui lòng liên hệ quản trị viên.',
  accountInactive: 'Tài khoản đã bị khóa. Vui lòng liên hệ quản trị viên.',
  devLoginDisabled: 'Đăng nhập thử nghiệm đang tắt.',
} as const;
