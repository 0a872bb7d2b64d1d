// Texts of the codes this module raises: sign-in with Google or Facebook.
import { defineMessages } from '../../i18n/messages';

export const oauthMessages = defineMessages({
  'oauth.not.configured': {
    EN: 'This login method is not available',
    BN: 'এই লগইন পদ্ধতিটি উপলব্ধ নয়',
    CN: '该登录方式不可用',
    ID: 'Metode masuk ini tidak tersedia',
    TH: 'วิธีเข้าสู่ระบบนี้ไม่พร้อมใช้งาน',
    TY: '該登入方式無法使用',
    VI: 'Phương thức đăng nhập này không khả dụng',
  },
  'oauth.login.failed': {
    EN: 'Login failed, please try again',
    BN: 'লগইন ব্যর্থ হয়েছে, অনুগ্রহ করে আবার চেষ্টা করুন',
    CN: '登录失败，请重试',
    ID: 'Gagal masuk, silakan coba lagi',
    TH: 'เข้าสู่ระบบไม่สำเร็จ กรุณาลองอีกครั้ง',
    TY: '登入失敗，請重試',
    VI: 'Đăng nhập thất bại, vui lòng thử lại',
  },
});
