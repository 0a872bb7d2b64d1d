// Texts of the codes this module's checks give (login and registration raise them through it):
// an ID token of the Firebase SMS channel that proves nothing, and one that proves another number.
import { defineMessages } from '../../i18n/messages';

export const phoneProofMessages = defineMessages({
  'firebase.token.invalid': {
    EN: 'Phone verification failed or expired, please verify your number again',
    BN: 'ফোন যাচাইকরণ ব্যর্থ হয়েছে বা মেয়াদোত্তীর্ণ, অনুগ্রহ করে আপনার নম্বর আবার যাচাই করুন',
    CN: '手机验证失败或已过期，请重新验证您的号码',
    ID: 'Verifikasi telepon gagal atau kedaluwarsa, silakan verifikasi nomor Anda lagi',
    TH: 'การยืนยันโทรศัพท์ล้มเหลวหรือหมดอายุ กรุณายืนยันหมายเลขของคุณอีกครั้ง',
    TY: '手機驗證失敗或已過期，請重新驗證您的號碼',
    VI: 'Xác minh điện thoại không thành công hoặc đã hết hạn, vui lòng xác minh lại số của bạn',
  },
  'firebase.phone.mismatch': {
    EN: 'The verified phone number is not the number entered',
    BN: 'যাচাইকৃত ফোন নম্বরটি প্রবেশ করানো নম্বর নয়',
    CN: '已验证的手机号码与输入的号码不一致',
    ID: 'Nomor telepon yang diverifikasi bukan nomor yang dimasukkan',
    TH: 'หมายเลขโทรศัพท์ที่ยืนยันแล้วไม่ตรงกับหมายเลขที่กรอก',
    TY: '已驗證的手機號碼與輸入的號碼不一致',
    VI: 'Số điện thoại đã xác minh không phải là số đã nhập',
  },
});
