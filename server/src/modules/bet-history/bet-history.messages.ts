// Texts of the codes the bet records raise (bet-history.service.ts), seven languages each.
import { defineMessages } from '../../i18n/messages';

export const betHistoryMessages = defineMessages({
  'bet.history.period.invalid': {
    EN: 'Choose a period of at most 31 days that ends after it starts',
    BN: 'সর্বোচ্চ ৩১ দিনের একটি সময়কাল বেছে নিন, যার শেষ তার শুরুর পরে',
    CN: '请选择不超过 31 天且结束时间晚于开始时间的时间段',
    ID: 'Pilih periode paling lama 31 hari yang berakhir setelah dimulai',
    TH: 'กรุณาเลือกช่วงเวลาไม่เกิน 31 วัน โดยวันสิ้นสุดต้องอยู่หลังวันเริ่มต้น',
    TY: '請選擇不超過 31 天且結束時間晚於開始時間的時間段',
    VI: 'Hãy chọn khoảng thời gian tối đa 31 ngày, kết thúc sau khi bắt đầu',
  },
});
