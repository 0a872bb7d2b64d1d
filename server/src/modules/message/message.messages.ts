// Texts of the codes the message module raises (inbox, outbox, replies), seven languages each.
import { defineMessages } from '../../i18n/messages';

export const messageMessages = defineMessages({
  'message.not.found': {
    EN: 'This message does not exist or has been deleted',
    BN: 'এই বার্তাটি বিদ্যমান নেই বা মুছে ফেলা হয়েছে',
    CN: '该消息不存在或已被删除',
    ID: 'Pesan ini tidak ada atau sudah dihapus',
    TH: 'ไม่มีข้อความนี้หรือข้อความถูกลบไปแล้ว',
    TY: '該訊息不存在或已被刪除',
    VI: 'Tin nhắn này không tồn tại hoặc đã bị xóa',
  },
  'message.reply.not.allowed': {
    EN: 'This message cannot be replied to',
    BN: 'এই বার্তার উত্তর দেওয়া যাবে না',
    CN: '该消息不可回复',
    ID: 'Pesan ini tidak dapat dibalas',
    TH: 'ไม่สามารถตอบกลับข้อความนี้ได้',
    TY: '該訊息不可回覆',
    VI: 'Không thể trả lời tin nhắn này',
  },
  'message.send.limit': {
    EN: 'You can send at most {limit} messages a day; please try again later',
    BN: 'আপনি দিনে সর্বোচ্চ {limit}টি বার্তা পাঠাতে পারেন; অনুগ্রহ করে পরে আবার চেষ্টা করুন',
    CN: '每天最多可发送 {limit} 条消息，请稍后再试',
    ID: 'Anda dapat mengirim paling banyak {limit} pesan sehari; silakan coba lagi nanti',
    TH: 'ส่งข้อความได้สูงสุดวันละ {limit} ข้อความ กรุณาลองใหม่ภายหลัง',
    TY: '每天最多可發送 {limit} 則訊息，請稍後再試',
    VI: 'Bạn chỉ có thể gửi tối đa {limit} tin nhắn mỗi ngày; vui lòng thử lại sau',
  },
  'message.subject.required': {
    EN: 'Please enter a subject',
    BN: 'অনুগ্রহ করে একটি বিষয় লিখুন',
    CN: '请输入主题',
    ID: 'Silakan masukkan subjek',
    TH: 'กรุณากรอกหัวข้อ',
    TY: '請輸入主題',
    VI: 'Vui lòng nhập tiêu đề',
  },
  'message.content.required': {
    EN: 'Please enter the message',
    BN: 'অনুগ্রহ করে বার্তাটি লিখুন',
    CN: '请输入消息内容',
    ID: 'Silakan masukkan isi pesan',
    TH: 'กรุณากรอกข้อความ',
    TY: '請輸入訊息內容',
    VI: 'Vui lòng nhập nội dung tin nhắn',
  },
  'message.recipient.invalid': {
    EN: 'One of the recipients is not a member of this site',
    BN: 'প্রাপকদের একজন এই সাইটের সদস্য নন',
    CN: '收件人中有非本站会员',
    ID: 'Salah satu penerima bukan anggota situs ini',
    TH: 'ผู้รับบางรายไม่ใช่สมาชิกของเว็บไซต์นี้',
    TY: '收件人中有非本站會員',
    VI: 'Một trong các người nhận không phải là thành viên của trang này',
  },
});
