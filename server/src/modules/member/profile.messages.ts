// Texts of the codes the profile calls raise (profile.service.ts), and of the notice a member's
// previous mobile number or e-mail address receives when it is replaced.
import { defineMessages, type MessageLanguage, type MessageTexts } from '../../i18n/messages';

export const profileMessages = defineMessages({
  'nickname.format.err': {
    EN: 'The nickname can be at most 20 characters',
    BN: 'ডাকনাম সর্বোচ্চ ২০ অক্ষরের হতে পারে',
    CN: '昵称最多 20 个字符',
    ID: 'Nama panggilan maksimal 20 karakter',
    TH: 'ชื่อเล่นยาวได้ไม่เกิน 20 ตัวอักษร',
    TY: '暱稱最多 20 個字元',
    VI: 'Biệt danh tối đa 20 ký tự',
  },
  'real.name.format.err': {
    EN: 'Real name format is incorrect',
    BN: 'আসল নামের বিন্যাস সঠিক নয়',
    CN: '真实姓名格式不正确',
    ID: 'Format nama asli salah',
    TH: 'รูปแบบชื่อจริงไม่ถูกต้อง',
    TY: '真實姓名格式不正確',
    VI: 'Định dạng họ tên thật không đúng',
  },
  'real.name.locked': {
    EN: 'Your real name is already set and cannot be changed; please contact customer service',
    BN: 'আপনার আসল নাম ইতিমধ্যে সেট করা আছে এবং পরিবর্তন করা যাবে না; অনুগ্রহ করে গ্রাহক সেবায় যোগাযোগ করুন',
    CN: '真实姓名已设置，无法修改；如需修改请联系客服',
    ID: 'Nama asli Anda sudah diatur dan tidak dapat diubah; silakan hubungi layanan pelanggan',
    TH: 'ตั้งชื่อจริงไว้แล้วและไม่สามารถเปลี่ยนได้ โปรดติดต่อฝ่ายบริการลูกค้า',
    TY: '真實姓名已設定，無法修改；如需修改請聯絡客服',
    VI: 'Họ tên thật đã được thiết lập và không thể thay đổi; vui lòng liên hệ chăm sóc khách hàng',
  },
  'birthday.format.err': {
    EN: 'Please enter the date as yyyy-MM-dd',
    BN: 'অনুগ্রহ করে তারিখটি yyyy-MM-dd আকারে লিখুন',
    CN: '请按 yyyy-MM-dd 格式输入日期',
    ID: 'Masukkan tanggal dengan format yyyy-MM-dd',
    TH: 'โปรดกรอกวันที่ในรูปแบบ yyyy-MM-dd',
    TY: '請按 yyyy-MM-dd 格式輸入日期',
    VI: 'Vui lòng nhập ngày theo định dạng yyyy-MM-dd',
  },
  'birthday.under.age': {
    EN: 'Please confirm you are 21 years old',
    BN: 'অনুগ্রহ করে নিশ্চিত করুন যে আপনার বয়স ২১ বছর',
    CN: '请确认您已年满 21 岁',
    ID: 'Harap pastikan Anda sudah berusia 21 tahun',
    TH: 'โปรดยืนยันว่าคุณมีอายุ 21 ปีบริบูรณ์',
    TY: '請確認您已年滿 21 歲',
    VI: 'Vui lòng xác nhận bạn đã đủ 21 tuổi',
  },
  'birthday.locked': {
    EN: 'Your birthday is already set and cannot be changed; please contact customer service',
    BN: 'আপনার জন্মদিন ইতিমধ্যে সেট করা আছে এবং পরিবর্তন করা যাবে না; অনুগ্রহ করে গ্রাহক সেবায় যোগাযোগ করুন',
    CN: '生日已设置，无法修改；如需修改请联系客服',
    ID: 'Tanggal lahir Anda sudah diatur dan tidak dapat diubah; silakan hubungi layanan pelanggan',
    TH: 'ตั้งวันเกิดไว้แล้วและไม่สามารถเปลี่ยนได้ โปรดติดต่อฝ่ายบริการลูกค้า',
    TY: '生日已設定，無法修改；如需修改請聯絡客服',
    VI: 'Ngày sinh đã được thiết lập và không thể thay đổi; vui lòng liên hệ chăm sóc khách hàng',
  },
  'mobile.already.bound': {
    EN: 'This mobile number is already linked to your account',
    BN: 'এই মোবাইল নম্বরটি ইতিমধ্যে আপনার অ্যাকাউন্টের সাথে যুক্ত',
    CN: '此手机号码已绑定到您的账户',
    ID: 'Nomor ponsel ini sudah tertaut ke akun Anda',
    TH: 'หมายเลขโทรศัพท์นี้ผูกกับบัญชีของคุณอยู่แล้ว',
    TY: '此手機號碼已綁定到您的帳戶',
    VI: 'Số điện thoại này đã được liên kết với tài khoản của bạn',
  },
  'mobile.change.sms.verification.on': {
    EN: 'SMS sign-in verification is on: turn it off before changing your mobile number',
    BN: 'এসএমএস সাইন-ইন যাচাইকরণ চালু আছে: মোবাইল নম্বর পরিবর্তনের আগে এটি বন্ধ করুন',
    CN: '短信登录验证已开启：请先关闭后再更换手机号码',
    ID: 'Verifikasi masuk SMS aktif: matikan terlebih dahulu sebelum mengganti nomor ponsel',
    TH: 'การยืนยันการเข้าสู่ระบบทาง SMS เปิดอยู่ โปรดปิดก่อนเปลี่ยนหมายเลขโทรศัพท์',
    TY: '簡訊登入驗證已開啟：請先關閉後再更換手機號碼',
    VI: 'Xác minh đăng nhập bằng SMS đang bật: hãy tắt trước khi đổi số điện thoại',
  },
  'email.format.err': {
    EN: 'E-mail format is incorrect',
    BN: 'ই-মেইলের বিন্যাস সঠিক নয়',
    CN: '邮箱格式不正确',
    ID: 'Format e-mail salah',
    TH: 'รูปแบบอีเมลไม่ถูกต้อง',
    TY: '電子郵件格式不正確',
    VI: 'Định dạng e-mail không đúng',
  },
  'exists.email.err': {
    EN: 'This e-mail address is already used by another account',
    BN: 'এই ই-মেইল ঠিকানাটি ইতিমধ্যে অন্য একটি অ্যাকাউন্টে ব্যবহৃত হচ্ছে',
    CN: '该邮箱已被其他账户使用',
    ID: 'Alamat e-mail ini sudah digunakan oleh akun lain',
    TH: 'อีเมลนี้ถูกใช้โดยบัญชีอื่นแล้ว',
    TY: '該電子郵件已被其他帳戶使用',
    VI: 'Địa chỉ e-mail này đã được tài khoản khác sử dụng',
  },
});

/** What changed, for the notice to the previous contact. */
export type ContactKind = 'mobile' | 'email';

const CONTACT_CHANGED: Record<ContactKind, MessageTexts> = {
  mobile: {
    EN: '{brand}: the mobile number of account {username} was changed to another number. If you did not do this, contact customer service at once.',
    BN: '{brand}: {username} অ্যাকাউন্টের মোবাইল নম্বরটি অন্য একটি নম্বরে পরিবর্তন করা হয়েছে। আপনি এটি না করে থাকলে এখনই গ্রাহক সেবায় যোগাযোগ করুন।',
    CN: '{brand}：账户 {username} 的手机号码已更换为其他号码。如非本人操作，请立即联系客服。',
    ID: '{brand}: nomor ponsel akun {username} telah diganti ke nomor lain. Jika bukan Anda yang melakukannya, segera hubungi layanan pelanggan.',
    TH: '{brand}: หมายเลขโทรศัพท์ของบัญชี {username} ถูกเปลี่ยนเป็นหมายเลขอื่นแล้ว หากคุณไม่ได้ทำรายการนี้ โปรดติดต่อฝ่ายบริการลูกค้าทันที',
    TY: '{brand}：帳戶 {username} 的手機號碼已更換為其他號碼。如非本人操作，請立即聯絡客服。',
    VI: '{brand}: số điện thoại của tài khoản {username} đã được đổi sang số khác. Nếu không phải bạn thực hiện, hãy liên hệ chăm sóc khách hàng ngay.',
  },
  email: {
    EN: '{brand}: the e-mail address of account {username} was changed to another address. If you did not do this, contact customer service at once.',
    BN: '{brand}: {username} অ্যাকাউন্টের ই-মেইল ঠিকানাটি অন্য একটি ঠিকানায় পরিবর্তন করা হয়েছে। আপনি এটি না করে থাকলে এখনই গ্রাহক সেবায় যোগাযোগ করুন।',
    CN: '{brand}：账户 {username} 的邮箱已更换为其他地址。如非本人操作，请立即联系客服。',
    ID: '{brand}: alamat e-mail akun {username} telah diganti ke alamat lain. Jika bukan Anda yang melakukannya, segera hubungi layanan pelanggan.',
    TH: '{brand}: อีเมลของบัญชี {username} ถูกเปลี่ยนเป็นที่อยู่อื่นแล้ว หากคุณไม่ได้ทำรายการนี้ โปรดติดต่อฝ่ายบริการลูกค้าทันที',
    TY: '{brand}：帳戶 {username} 的電子郵件已更換為其他地址。如非本人操作，請立即聯絡客服。',
    VI: '{brand}: địa chỉ e-mail của tài khoản {username} đã được đổi sang địa chỉ khác. Nếu không phải bạn thực hiện, hãy liên hệ chăm sóc khách hàng ngay.',
  },
};

const CONTACT_CHANGED_SUBJECT: MessageTexts = {
  EN: '{brand}: your e-mail address was changed',
  BN: '{brand}: আপনার ই-মেইল ঠিকানা পরিবর্তন করা হয়েছে',
  CN: '{brand}：您的邮箱已更换',
  ID: '{brand}: alamat e-mail Anda telah diganti',
  TH: '{brand}: อีเมลของคุณถูกเปลี่ยนแล้ว',
  TY: '{brand}：您的電子郵件已更換',
  VI: '{brand}: địa chỉ e-mail của bạn đã được thay đổi',
};

const fill = (template: string, params: Record<string, string>) => template.replace(/\{(\w+)\}/g, (placeholder, name: string) => params[name] ?? placeholder);

/** The notice the replaced contact receives (the subject is for e-mail). */
export function contactChangedNotice(kind: ContactKind, language: MessageLanguage, params: { brand: string; username: string }): { subject: string; text: string } {
  return { subject: fill(CONTACT_CHANGED_SUBJECT[language], params), text: fill(CONTACT_CHANGED[kind][language], params) };
}
