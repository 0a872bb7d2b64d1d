// Texts of the codes the transfer to upline raises (agent-transfer.service.ts), seven languages each.
import { defineMessages } from '../../i18n/messages';

export const agentTransferMessages = defineMessages({
  'upline.transfer.not.agent': {
    EN: 'Only agents can transfer to their upline',
    BN: 'শুধুমাত্র এজেন্টরা তাদের আপলাইনে স্থানান্তর করতে পারেন',
    CN: '只有代理可以向上级转账',
    ID: 'Hanya agen yang dapat mentransfer ke upline mereka',
    TH: 'เฉพาะตัวแทนเท่านั้นที่โอนเงินให้สายบนได้',
    TY: '只有代理可以向上級轉帳',
    VI: 'Chỉ đại lý mới có thể chuyển tiền cho tuyến trên',
  },
  'upline.transfer.no.upline': {
    EN: 'Your account has no upline that can receive a transfer',
    BN: 'আপনার অ্যাকাউন্টের এমন কোনো আপলাইন নেই যে স্থানান্তর গ্রহণ করতে পারে',
    CN: '您的账户没有可接收转账的上级',
    ID: 'Akun Anda tidak memiliki upline yang dapat menerima transfer',
    TH: 'บัญชีของคุณไม่มีสายบนที่รับการโอนได้',
    TY: '您的帳戶沒有可接收轉帳的上級',
    VI: 'Tài khoản của bạn không có tuyến trên có thể nhận chuyển khoản',
  },
  'upline.transfer.amount.too.small': {
    EN: 'The minimum transfer amount is {minimum}',
    BN: 'সর্বনিম্ন স্থানান্তরের পরিমাণ {minimum}',
    CN: '最低转账金额为 {minimum}',
    ID: 'Jumlah transfer minimum adalah {minimum}',
    TH: 'ยอดโอนขั้นต่ำคือ {minimum}',
    TY: '最低轉帳金額為 {minimum}',
    VI: 'Số tiền chuyển tối thiểu là {minimum}',
  },
  'upline.transfer.amount.too.large': {
    EN: 'The maximum transfer amount is {maximum}',
    BN: 'সর্বোচ্চ স্থানান্তরের পরিমাণ {maximum}',
    CN: '最高转账金额为 {maximum}',
    ID: 'Jumlah transfer maksimum adalah {maximum}',
    TH: 'ยอดโอนสูงสุดคือ {maximum}',
    TY: '最高轉帳金額為 {maximum}',
    VI: 'Số tiền chuyển tối đa là {maximum}',
  },
});
