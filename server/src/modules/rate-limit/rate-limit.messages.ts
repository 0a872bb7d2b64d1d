// Texts of the codes this module raises. TOO_MANY_REQUESTS is also raised by member,
// verification, two-factor and password, which all sit above this module (README, Module
// template). {minutes} is the lockout length.
import { defineMessages } from '../../i18n/messages';

export const rateLimitMessages = defineMessages({
  TOO_MANY_REQUESTS: {
    EN: 'too many requests, try again after {minutes} minutes',
    BN: 'অনেক বেশি অনুরোধ, {minutes} মিনিট পরে আবার চেষ্টা করুন',
    CN: '请求过于频繁，请 {minutes} 分钟后再试',
    ID: 'Terlalu banyak permintaan, coba lagi setelah {minutes} menit',
    TH: 'มีคำขอมากเกินไป กรุณาลองใหม่หลังจาก {minutes} นาที',
    TY: '請求過於頻繁，請 {minutes} 分鐘後再試',
    VI: 'Quá nhiều yêu cầu, vui lòng thử lại sau {minutes} phút',
  },
});
