import type { MessageLanguage } from '../../i18n/messages';

// What the withdrawer is told when a depositor says they paid (c2c.service.ts confirmPaid): a
// platform message always, an SMS where the merchant's 'c2c' setting has claimSms. Placeholders:
// {brand} {amount} {payer} {withdrawal} {minutes}.

type Texts = Record<MessageLanguage, string>;

export const CLAIM_SUBJECT: Texts = {
  EN: 'A payment to your card is waiting for your confirmation',
  BN: 'আপনার কার্ডে একটি পেমেন্ট আপনার নিশ্চিতকরণের অপেক্ষায়',
  CN: '有一笔转入您银行卡的款项等待您确认',
  ID: 'Pembayaran ke kartu Anda menunggu konfirmasi Anda',
  TH: 'มีการชำระเงินเข้าบัตรของคุณรอการยืนยัน',
  TY: '有一筆轉入您銀行卡的款項等待您確認',
  VI: 'Một khoản thanh toán vào thẻ của bạn đang chờ bạn xác nhận',
};

export const CLAIM_CONTENT: Texts = {
  EN: '{payer} says they have paid {amount} to your card for withdrawal {withdrawal}. Check your bank account and confirm what arrived within {minutes} minutes; without an answer by then the payment counts as received in full.',
  BN: '{payer} জানিয়েছেন যে তিনি উত্তোলন {withdrawal}-এর জন্য আপনার কার্ডে {amount} পাঠিয়েছেন। আপনার ব্যাংক অ্যাকাউন্ট দেখে {minutes} মিনিটের মধ্যে কী এসেছে তা নিশ্চিত করুন; এর মধ্যে উত্তর না দিলে পেমেন্টটি সম্পূর্ণ প্রাপ্ত বলে গণ্য হবে।',
  CN: '{payer} 表示已为提款 {withdrawal} 向您的银行卡支付 {amount}。请查看您的银行账户，并在 {minutes} 分钟内确认到账金额；逾时未回复将视为全额到账。',
  ID: '{payer} menyatakan telah membayar {amount} ke kartu Anda untuk penarikan {withdrawal}. Periksa rekening bank Anda dan konfirmasi yang masuk dalam {minutes} menit; tanpa jawaban hingga saat itu pembayaran dianggap diterima penuh.',
  TH: '{payer} แจ้งว่าได้โอน {amount} เข้าบัตรของคุณสำหรับการถอน {withdrawal} แล้ว โปรดตรวจสอบบัญชีธนาคารและยืนยันยอดที่ได้รับภายใน {minutes} นาที หากไม่ตอบภายในเวลาดังกล่าว จะถือว่าได้รับเงินครบแล้ว',
  TY: '{payer} 表示已為提款 {withdrawal} 向您的銀行卡支付 {amount}。請查看您的銀行帳戶，並在 {minutes} 分鐘內確認到帳金額；逾時未回覆將視為全額到帳。',
  VI: '{payer} cho biết đã chuyển {amount} vào thẻ của bạn cho lệnh rút {withdrawal}. Hãy kiểm tra tài khoản ngân hàng và xác nhận số tiền nhận được trong {minutes} phút; nếu không trả lời trước thời hạn, khoản thanh toán được coi là đã nhận đủ.',
};

export const CLAIM_SMS: Texts = {
  EN: '{brand}: {payer} says they paid {amount} to your card for withdrawal {withdrawal}. Confirm within {minutes} minutes on the withdraw page, or it counts as received.',
  BN: '{brand}: {payer} জানিয়েছেন উত্তোলন {withdrawal}-এর জন্য আপনার কার্ডে {amount} পাঠিয়েছেন। {minutes} মিনিটের মধ্যে উত্তোলন পাতায় নিশ্চিত করুন, নইলে এটি প্রাপ্ত বলে গণ্য হবে।',
  CN: '{brand}：{payer} 表示已为提款 {withdrawal} 向您的银行卡支付 {amount}。请在 {minutes} 分钟内到提款页面确认，否则视为已到账。',
  ID: '{brand}: {payer} menyatakan telah membayar {amount} ke kartu Anda untuk penarikan {withdrawal}. Konfirmasi dalam {minutes} menit di halaman penarikan, atau dianggap diterima.',
  TH: '{brand}: {payer} แจ้งว่าโอน {amount} เข้าบัตรของคุณสำหรับการถอน {withdrawal} แล้ว โปรดยืนยันในหน้าถอนเงินภายใน {minutes} นาที มิฉะนั้นจะถือว่าได้รับแล้ว',
  TY: '{brand}：{payer} 表示已為提款 {withdrawal} 向您的銀行卡支付 {amount}。請在 {minutes} 分鐘內到提款頁面確認，否則視為已到帳。',
  VI: '{brand}: {payer} cho biết đã chuyển {amount} vào thẻ của bạn cho lệnh rút {withdrawal}. Hãy xác nhận trong {minutes} phút tại trang rút tiền, nếu không sẽ được coi là đã nhận.',
};

/** A text with its {placeholders} filled. */
export const fill = (text: string, params: Record<string, string>): string => text.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
