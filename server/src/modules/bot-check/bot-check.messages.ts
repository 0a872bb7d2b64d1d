// Texts of the codes this module raises (login, registration and SMS sends raise them through it).
// Among them: 'Please complete verification first' and 'invalid reCaptcha input'.
import { defineMessages } from '../../i18n/messages';

export const botCheckMessages = defineMessages({
  'botcheck.required': {
    EN: 'Please complete verification first',
    BN: 'অনুগ্রহ করে প্রথমে যাচাই সম্পন্ন করুন',
    CN: '请先完成验证',
    ID: 'Silakan selesaikan verifikasi terlebih dahulu',
    TH: 'กรุณายืนยันตัวตนให้เสร็จก่อน',
    TY: '請先完成驗證',
    VI: 'Vui lòng hoàn tất xác minh trước',
  },
  'botcheck.invalid': {
    EN: 'invalid reCaptcha input',
    BN: 'অবৈধ reCaptcha ইনপুট',
    CN: 'reCaptcha 输入无效',
    ID: 'Input reCaptcha tidak valid',
    TH: 'ข้อมูล reCaptcha ไม่ถูกต้อง',
    TY: 'reCaptcha 輸入無效',
    VI: 'Dữ liệu reCaptcha không hợp lệ',
  },
});
