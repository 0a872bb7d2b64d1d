// Texts of the codes this module raises: the site closed to the caller (site-access.ts), and the
// back office's brand page refusing a setting (brand-rules.ts, and merchant/brand-settings.ts below it).
import { defineMessages } from '../../i18n/messages';

export const systemMessages = defineMessages({
  system_under_maintenance: {
    EN: 'The system is under maintenance, please try again later',
    BN: 'সিস্টেম রক্ষণাবেক্ষণ চলছে, অনুগ্রহ করে পরে আবার চেষ্টা করুন',
    CN: '系统维护中，请稍后再试',
    ID: 'Sistem sedang dalam pemeliharaan, silakan coba lagi nanti',
    TH: 'ระบบอยู่ระหว่างการปิดปรับปรุง กรุณาลองใหม่อีกครั้งภายหลัง',
    TY: '系統維護中，請稍後再試',
    VI: 'Hệ thống đang bảo trì, vui lòng thử lại sau',
  },
  region_restricted: {
    EN: 'Due to restriction of your location or IP address, you are not allowed to access the site.',
    BN: 'আপনার অবস্থান বা IP ঠিকানার সীমাবদ্ধতার কারণে আপনাকে সাইটে প্রবেশের অনুমতি দেওয়া হচ্ছে না।',
    CN: '由于您所在地区或 IP 地址受限，您无法访问本网站。',
    ID: 'Karena pembatasan lokasi atau alamat IP Anda, Anda tidak diizinkan mengakses situs ini.',
    TH: 'เนื่องจากข้อจำกัดด้านตำแหน่งที่ตั้งหรือที่อยู่ IP ของคุณ คุณจึงไม่สามารถเข้าถึงเว็บไซต์นี้ได้',
    TY: '由於您所在地區或 IP 位址受限，您無法存取本網站。',
    VI: 'Do hạn chế về vị trí hoặc địa chỉ IP của bạn, bạn không được phép truy cập trang web.',
  },
  'operator.brand.invalid': {
    EN: 'Invalid setting: {detail}',
    BN: 'অবৈধ সেটিং: {detail}',
    CN: '设置无效：{detail}',
    ID: 'Pengaturan tidak valid: {detail}',
    TH: 'การตั้งค่าไม่ถูกต้อง: {detail}',
    TY: '設定無效：{detail}',
    VI: 'Cài đặt không hợp lệ: {detail}',
  },
});
