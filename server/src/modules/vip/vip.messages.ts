// Texts of the codes the VIP module raises, seven languages each. {placeholders} are filled by the raiser.
import { defineMessages } from '../../i18n/messages';

export const vipMessages = defineMessages({
  'vip.benefit.not.owed': {
    EN: 'This benefit is not available at your VIP level',
    BN: 'আপনার ভিআইপি স্তরে এই সুবিধাটি পাওয়া যায় না',
    CN: '您当前的VIP等级无法领取此福利',
    ID: 'Manfaat ini tidak tersedia untuk level VIP Anda',
    TH: 'สิทธิประโยชน์นี้ไม่มีสำหรับระดับ VIP ของคุณ',
    TY: '您目前的VIP等級無法領取此福利',
    VI: 'Quyền lợi này không áp dụng cho cấp VIP của bạn',
  },
  'vip.benefit.claimed': {
    EN: 'You have already claimed this benefit',
    BN: 'আপনি ইতিমধ্যে এই সুবিধাটি দাবি করেছেন',
    CN: '您已领取过此福利',
    ID: 'Anda sudah mengklaim manfaat ini',
    TH: 'คุณรับสิทธิประโยชน์นี้ไปแล้ว',
    TY: '您已領取過此福利',
    VI: 'Bạn đã nhận quyền lợi này rồi',
  },
  'vip.level.unknown': {
    EN: 'There is no such VIP level',
    BN: 'এমন কোনো ভিআইপি স্তর নেই',
    CN: '没有这个VIP等级',
    ID: 'Level VIP tersebut tidak ada',
    TH: 'ไม่มีระดับ VIP นี้',
    TY: '沒有這個VIP等級',
    VI: 'Không có cấp VIP này',
  },
  'vip.month.invalid': {
    EN: 'Choose a month (YYYY-MM) that has ended: {month}',
    BN: 'শেষ হয়ে যাওয়া একটি মাস (YYYY-MM) বেছে নিন: {month}',
    CN: '请选择已结束的月份（YYYY-MM）：{month}',
    ID: 'Pilih bulan (YYYY-MM) yang sudah berakhir: {month}',
    TH: 'โปรดเลือกเดือน (YYYY-MM) ที่สิ้นสุดแล้ว: {month}',
    TY: '請選擇已結束的月份（YYYY-MM）：{month}',
    VI: 'Hãy chọn một tháng (YYYY-MM) đã kết thúc: {month}',
  },
  'operator.vip.invalid': {
    EN: 'Invalid VIP settings: {detail}',
    BN: 'অবৈধ ভিআইপি সেটিংস: {detail}',
    CN: 'VIP设置无效：{detail}',
    ID: 'Pengaturan VIP tidak valid: {detail}',
    TH: 'การตั้งค่า VIP ไม่ถูกต้อง: {detail}',
    TY: 'VIP設定無效：{detail}',
    VI: 'Cài đặt VIP không hợp lệ: {detail}',
  },
});
