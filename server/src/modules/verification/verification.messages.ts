// Texts of the codes this module raises: mobile numbers (phone.ts) and SMS codes (codes.ts).
// password raises mobile.invalid too, from above; member raises invalid.country.code as well (the
// dialling code is the phone rules' subject, so it stays here). {seconds} is a wait in seconds.
import { defineMessages } from '../../i18n/messages';

export const verificationMessages = defineMessages({
  'invalid.country.code': {
    EN: 'This country dialling code is not supported',
    BN: 'এই দেশের ডায়ালিং কোড সমর্থিত নয়',
    CN: '不支持该国家区号',
    ID: 'Kode telepon negara ini tidak didukung',
    TH: 'ไม่รองรับรหัสโทรศัพท์ประเทศนี้',
    TY: '不支援該國家區號',
    VI: 'Mã quốc gia này không được hỗ trợ',
  },
  'mobile.format.err': {
    EN: 'Invalid phone number format',
    BN: 'ফোন নম্বরের ফরম্যাট সঠিক নয়',
    CN: '手机号码格式不正确',
    ID: 'Format nomor telepon tidak valid',
    TH: 'รูปแบบหมายเลขโทรศัพท์ไม่ถูกต้อง',
    TY: '手機號碼格式不正確',
    VI: 'Định dạng số điện thoại không hợp lệ',
  },
  'mobile.invalid': {
    EN: 'Please enter a valid phone number',
    BN: 'অনুগ্রহ করে একটি বৈধ ফোন নম্বর লিখুন',
    CN: '请输入有效的手机号码',
    ID: 'Silakan masukkan nomor telepon yang valid',
    TH: 'กรุณากรอกหมายเลขโทรศัพท์ที่ถูกต้อง',
    TY: '請輸入有效的手機號碼',
    VI: 'Vui lòng nhập số điện thoại hợp lệ',
  },
  'sms.too.frequent': {
    EN: 'A code was just sent, please wait {seconds} seconds before asking for another',
    BN: 'এইমাত্র একটি কোড পাঠানো হয়েছে, আরেকটি চাওয়ার আগে অনুগ্রহ করে {seconds} সেকেন্ড অপেক্ষা করুন',
    CN: '验证码刚刚已发送，请等待 {seconds} 秒后再重新获取',
    ID: 'Kode baru saja dikirim, harap tunggu {seconds} detik sebelum meminta lagi',
    TH: 'เพิ่งส่งรหัสไปแล้ว กรุณารอ {seconds} วินาทีก่อนขอรหัสใหม่',
    TY: '驗證碼剛剛已發送，請等待 {seconds} 秒後再重新獲取',
    VI: 'Mã vừa được gửi, vui lòng đợi {seconds} giây trước khi yêu cầu mã khác',
  },
});
