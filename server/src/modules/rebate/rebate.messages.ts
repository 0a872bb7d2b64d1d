// Texts of the codes the rebate module raises, seven languages each. {placeholders} are filled by the raiser.
import { defineMessages } from '../../i18n/messages';

export const rebateMessages = defineMessages({
  'rebate.date.invalid': {
    EN: 'Choose one of the last {days} days',
    BN: 'শেষ {days} দিনের মধ্যে একটি দিন বেছে নিন',
    CN: '请选择最近 {days} 天内的日期',
    ID: 'Pilih salah satu dari {days} hari terakhir',
    TH: 'โปรดเลือกวันที่ภายใน {days} วันที่ผ่านมา',
    TY: '請選擇最近 {days} 天內的日期',
    VI: 'Hãy chọn một trong {days} ngày gần nhất',
  },
  'rebate.day.not.closed': {
    EN: "A day's rebate can be claimed once the day is over (a few minutes after midnight)",
    BN: 'দিন শেষ হওয়ার পরেই (মধ্যরাতের কয়েক মিনিট পরে) সেই দিনের রিবেট দাবি করা যায়',
    CN: '当天结束后（午夜后几分钟）才能领取该日的返水',
    ID: 'Rabat suatu hari dapat diklaim setelah hari itu berakhir (beberapa menit setelah tengah malam)',
    TH: 'รับเงินคืนของวันใดได้เมื่อวันนั้นสิ้นสุดแล้ว (หลังเที่ยงคืนไม่กี่นาที)',
    TY: '當天結束後（午夜後幾分鐘）才能領取該日的返水',
    VI: 'Chỉ có thể nhận hoàn trả của một ngày sau khi ngày đó kết thúc (vài phút sau nửa đêm)',
  },
  'rebate.mode.auto': {
    EN: 'Your rebate is paid to your wallet automatically every day',
    BN: 'আপনার রিবেট প্রতিদিন স্বয়ংক্রিয়ভাবে আপনার ওয়ালেটে জমা হয়',
    CN: '您的返水每天自动发放到钱包',
    ID: 'Rabat Anda dibayarkan otomatis ke dompet setiap hari',
    TH: 'เงินคืนของคุณจะเข้ากระเป๋าโดยอัตโนมัติทุกวัน',
    TY: '您的返水每天自動發放到錢包',
    VI: 'Hoàn trả của bạn được tự động cộng vào ví mỗi ngày',
  },
  'rebate.nothing.to.claim': {
    EN: 'There is no rebate left to claim for this day',
    BN: 'এই দিনের জন্য দাবি করার মতো কোনো রিবেট বাকি নেই',
    CN: '该日没有可领取的返水',
    ID: 'Tidak ada rabat tersisa untuk diklaim pada hari ini',
    TH: 'ไม่มีเงินคืนเหลือให้รับสำหรับวันนี้',
    TY: '該日沒有可領取的返水',
    VI: 'Không còn hoàn trả nào để nhận cho ngày này',
  },
  'rebate.amount.mismatch': {
    EN: 'The amount does not match the rebate remaining ({remain}); refresh and try again',
    BN: 'পরিমাণটি অবশিষ্ট রিবেটের ({remain}) সাথে মেলে না; রিফ্রেশ করে আবার চেষ্টা করুন',
    CN: '金额与剩余返水（{remain}）不符，请刷新后重试',
    ID: 'Jumlah tidak sesuai dengan sisa rabat ({remain}); muat ulang dan coba lagi',
    TH: 'จำนวนเงินไม่ตรงกับเงินคืนที่เหลือ ({remain}) โปรดรีเฟรชแล้วลองอีกครั้ง',
    TY: '金額與剩餘返水（{remain}）不符，請重新整理後重試',
    VI: 'Số tiền không khớp với hoàn trả còn lại ({remain}); hãy tải lại và thử lại',
  },
  'operator.rebate.invalid': {
    EN: 'Invalid rebate settings: {detail}',
    BN: 'অবৈধ রিবেট সেটিংস: {detail}',
    CN: '返水设置无效：{detail}',
    ID: 'Pengaturan rabat tidak valid: {detail}',
    TH: 'การตั้งค่าเงินคืนไม่ถูกต้อง: {detail}',
    TY: '返水設定無效：{detail}',
    VI: 'Cài đặt hoàn trả không hợp lệ: {detail}',
  },
});
