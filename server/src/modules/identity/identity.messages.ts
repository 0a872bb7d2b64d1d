// Texts of the codes this module raises: the password policy (password-policy.ts), raised for
// registration (member) and for change and reset (password), and the hashing gate (hash-gate.ts).
import { defineMessages } from '../../i18n/messages';

export const identityMessages = defineMessages({
  'password.too.common': {
    EN: 'This password is too common and easy to guess; please choose another',
    BN: 'এই পাসওয়ার্ডটি খুব সাধারণ এবং সহজে অনুমানযোগ্য; অনুগ্রহ করে অন্য একটি বেছে নিন',
    CN: '该密码过于常见，容易被猜到，请换一个',
    ID: 'Kata sandi ini terlalu umum dan mudah ditebak; silakan pilih yang lain',
    TH: 'รหัสผ่านนี้ใช้กันทั่วไปและเดาได้ง่าย กรุณาเลือกรหัสผ่านอื่น',
    TY: '該密碼過於常見，容易被猜到，請換一個',
    VI: 'Mật khẩu này quá phổ biến và dễ đoán, vui lòng chọn mật khẩu khác',
  },
  'server.busy': {
    EN: 'The server is busy, please try again in a moment',
    BN: 'সার্ভার ব্যস্ত, অনুগ্রহ করে কিছুক্ষণ পরে আবার চেষ্টা করুন',
    CN: '服务器繁忙，请稍后再试',
    ID: 'Server sedang sibuk, silakan coba lagi sebentar lagi',
    TH: 'เซิร์ฟเวอร์ไม่ว่าง กรุณาลองใหม่อีกครั้งในอีกสักครู่',
    TY: '伺服器繁忙，請稍後再試',
    VI: 'Máy chủ đang bận, vui lòng thử lại sau giây lát',
  },
});
