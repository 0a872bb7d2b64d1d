// Texts of the codes the profit and loss raises (profit.service.ts), seven languages each.
import { defineMessages } from '../../i18n/messages';

export const profitMessages = defineMessages({
  'profit.period.invalid': {
    EN: 'Choose a period of at most {days} days that ends after it starts',
    BN: 'সর্বোচ্চ {days} দিনের একটি সময়কাল বেছে নিন, যার শেষ তার শুরুর পরে',
    CN: '请选择不超过 {days} 天且结束日期不早于开始日期的时间段',
    ID: 'Pilih periode paling lama {days} hari yang berakhir setelah dimulai',
    TH: 'กรุณาเลือกช่วงเวลาไม่เกิน {days} วัน โดยวันสิ้นสุดต้องไม่ก่อนวันเริ่มต้น',
    TY: '請選擇不超過 {days} 天且結束日期不早於開始日期的時間段',
    VI: 'Hãy chọn khoảng thời gian tối đa {days} ngày, kết thúc sau khi bắt đầu',
  },
});
