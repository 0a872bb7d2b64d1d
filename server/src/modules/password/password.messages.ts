// Texts of the codes this module raises, and of the two success messages its routes answer with.
import { defineMessages } from '../../i18n/messages';

export const passwordMessages = defineMessages({
  'username.email.not.exist': {
    EN: 'Username/Email does not exist',
    BN: 'ব্যবহারকারীর নাম/ই-মেইল বিদ্যমান নেই',
    CN: '用户名/邮箱不存在',
    ID: 'Nama pengguna/Email tidak ada',
    TH: 'ไม่มีชื่อผู้ใช้/อีเมลนี้',
    TY: '用戶名/郵箱不存在',
    VI: 'Tên đăng nhập/Email không tồn tại',
  },
  'password.reset.email.sent': {
    EN: 'A password reset link has been sent to your e-mail',
    BN: 'আপনার ই-মেইলে একটি পাসওয়ার্ড রিসেট লিংক পাঠানো হয়েছে',
    CN: '重置密码链接已发送到您的邮箱',
    ID: 'Tautan atur ulang kata sandi telah dikirim ke e-mail Anda',
    TH: 'ส่งลิงก์รีเซ็ตรหัสผ่านไปยังอีเมลของคุณแล้ว',
    TY: '重設密碼連結已發送到您的郵箱',
    VI: 'Liên kết đặt lại mật khẩu đã được gửi đến e-mail của bạn',
  },
  'password.reset.success': {
    EN: 'Password reset successfully, please log in again',
    BN: 'পাসওয়ার্ড সফলভাবে রিসেট হয়েছে, অনুগ্রহ করে আবার লগইন করুন',
    CN: '密码重置成功，请重新登录',
    ID: 'Kata sandi berhasil diatur ulang, silakan masuk kembali',
    TH: 'รีเซ็ตรหัสผ่านสำเร็จ กรุณาเข้าสู่ระบบอีกครั้ง',
    TY: '密碼重設成功，請重新登入',
    VI: 'Đặt lại mật khẩu thành công, vui lòng đăng nhập lại',
  },
  'old.password.err': {
    EN: 'The old password is incorrect',
    BN: 'পুরনো পাসওয়ার্ড সঠিক নয়',
    CN: '旧密码错误',
    ID: 'Kata sandi lama salah',
    TH: 'รหัสผ่านเดิมไม่ถูกต้อง',
    TY: '舊密碼錯誤',
    VI: 'Mật khẩu cũ không đúng',
  },
  'password.same.as.old': {
    EN: 'The new password must be different from the current one',
    BN: 'নতুন পাসওয়ার্ড বর্তমান পাসওয়ার্ড থেকে আলাদা হতে হবে',
    CN: '新密码不能与当前密码相同',
    ID: 'Kata sandi baru harus berbeda dari yang sekarang',
    TH: 'รหัสผ่านใหม่ต้องไม่ซ้ำกับรหัสผ่านปัจจุบัน',
    TY: '新密碼不能與目前密碼相同',
    VI: 'Mật khẩu mới phải khác mật khẩu hiện tại',
  },
  'reset.link.invalid': {
    EN: 'This password reset link is invalid or has expired, please request a new one',
    BN: 'এই পাসওয়ার্ড রিসেট লিংকটি অবৈধ বা মেয়াদোত্তীর্ণ, অনুগ্রহ করে নতুন একটি চান',
    CN: '该重置密码链接无效或已过期，请重新申请',
    ID: 'Tautan atur ulang kata sandi ini tidak valid atau kedaluwarsa, silakan minta yang baru',
    TH: 'ลิงก์รีเซ็ตรหัสผ่านนี้ไม่ถูกต้องหรือหมดอายุแล้ว กรุณาขอลิงก์ใหม่',
    TY: '該重設密碼連結無效或已過期，請重新申請',
    VI: 'Liên kết đặt lại mật khẩu không hợp lệ hoặc đã hết hạn, vui lòng yêu cầu liên kết mới',
  },
});
