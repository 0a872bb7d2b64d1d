// Texts of the codes this module raises: the second factor at login, binding and unbinding it.
import { defineMessages } from '../../i18n/messages';

export const twoFactorMessages = defineMessages({
  // The password proof of a change of sign-in factors (binding or removing one).
  'current.password.err': {
    EN: 'The current password is incorrect',
    BN: 'বর্তমান পাসওয়ার্ড সঠিক নয়',
    CN: '当前密码错误',
    ID: 'Kata sandi saat ini salah',
    TH: 'รหัสผ่านปัจจุบันไม่ถูกต้อง',
    TY: '目前密碼錯誤',
    VI: 'Mật khẩu hiện tại không đúng',
  },
  'two.factor.code.invalid': {
    EN: 'The verification code is incorrect',
    BN: 'যাচাইকরণ কোড সঠিক নয়',
    CN: '验证码错误',
    ID: 'Kode verifikasi salah',
    TH: 'รหัสยืนยันไม่ถูกต้อง',
    TY: '驗證碼錯誤',
    VI: 'Mã xác minh không đúng',
  },
  'login.verify.expired': {
    EN: 'Verification has expired, please log in again',
    BN: 'যাচাইয়ের মেয়াদ শেষ হয়েছে, অনুগ্রহ করে আবার লগইন করুন',
    CN: '验证已过期，请重新登录',
    ID: 'Verifikasi telah kedaluwarsa, silakan masuk kembali',
    TH: 'การยืนยันหมดอายุแล้ว กรุณาเข้าสู่ระบบอีกครั้ง',
    TY: '驗證已過期，請重新登入',
    VI: 'Phiên xác minh đã hết hạn, vui lòng đăng nhập lại',
  },
  'ga.already.bound': {
    EN: 'Google Authenticator is already bound to this account',
    BN: 'এই অ্যাকাউন্টে Google Authenticator ইতিমধ্যে যুক্ত আছে',
    CN: '该账号已绑定谷歌验证器',
    ID: 'Google Authenticator sudah terhubung ke akun ini',
    TH: 'บัญชีนี้ผูก Google Authenticator แล้ว',
    TY: '該帳號已綁定谷歌驗證器',
    VI: 'Tài khoản này đã liên kết Google Authenticator',
  },
  'ga.not.bound': {
    EN: 'Google Authenticator is not bound to this account',
    BN: 'এই অ্যাকাউন্টে Google Authenticator যুক্ত নেই',
    CN: '该账号未绑定谷歌验证器',
    ID: 'Google Authenticator belum terhubung ke akun ini',
    TH: 'บัญชีนี้ยังไม่ได้ผูก Google Authenticator',
    TY: '該帳號未綁定谷歌驗證器',
    VI: 'Tài khoản này chưa liên kết Google Authenticator',
  },
  'mobile.not.bound': {
    EN: 'Please bind a mobile number first',
    BN: 'অনুগ্রহ করে প্রথমে একটি মোবাইল নম্বর যুক্ত করুন',
    CN: '请先绑定手机号码',
    ID: 'Silakan hubungkan nomor ponsel terlebih dahulu',
    TH: 'กรุณาผูกหมายเลขโทรศัพท์ก่อน',
    TY: '請先綁定手機號碼',
    VI: 'Vui lòng liên kết số điện thoại trước',
  },
});
