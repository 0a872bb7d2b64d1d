import type { MessageLanguage } from '../../i18n/messages';

// Texts of the SMS and e-mails the server sends, in the seven languages of the site. The
// language is the one of the request that caused the message (its `Language` header).
// Placeholders: {brand} {code} {minutes} {username} {link}.

export type CodePurpose = 'login' | 'register' | 'reset' | 'two_factor';

type Texts = Record<MessageLanguage, string>;

const CODE_SMS: Record<CodePurpose, Texts> = {
  login: {
    EN: '{brand}: your login code is {code}. It expires in {minutes} minutes. Never share it with anyone.',
    BN: '{brand}: আপনার লগইন কোড {code}। এটি {minutes} মিনিটে মেয়াদোত্তীর্ণ হবে। কাউকে এই কোড দেবেন না।',
    CN: '{brand}：您的登录验证码是 {code}，{minutes} 分钟内有效。请勿告诉任何人。',
    ID: '{brand}: kode masuk Anda {code}. Berlaku {minutes} menit. Jangan berikan kepada siapa pun.',
    TH: '{brand}: รหัสเข้าสู่ระบบของคุณคือ {code} ใช้ได้ {minutes} นาที ห้ามบอกรหัสนี้กับผู้อื่น',
    TY: '{brand}：您的登入驗證碼是 {code}，{minutes} 分鐘內有效。請勿告訴任何人。',
    VI: '{brand}: mã đăng nhập của bạn là {code}. Mã hết hạn sau {minutes} phút. Không chia sẻ mã với bất kỳ ai.',
  },
  register: {
    EN: '{brand}: your registration code is {code}. It expires in {minutes} minutes.',
    BN: '{brand}: আপনার নিবন্ধন কোড {code}। এটি {minutes} মিনিটে মেয়াদোত্তীর্ণ হবে।',
    CN: '{brand}：您的注册验证码是 {code}，{minutes} 分钟内有效。',
    ID: '{brand}: kode pendaftaran Anda {code}. Berlaku {minutes} menit.',
    TH: '{brand}: รหัสสมัครสมาชิกของคุณคือ {code} ใช้ได้ {minutes} นาที',
    TY: '{brand}：您的註冊驗證碼是 {code}，{minutes} 分鐘內有效。',
    VI: '{brand}: mã đăng ký của bạn là {code}. Mã hết hạn sau {minutes} phút.',
  },
  reset: {
    EN: '{brand}: your password reset code is {code}. It expires in {minutes} minutes. If you did not ask for it, ignore this message.',
    BN: '{brand}: আপনার পাসওয়ার্ড রিসেট কোড {code}। এটি {minutes} মিনিটে মেয়াদোত্তীর্ণ হবে। আপনি অনুরোধ না করে থাকলে এই বার্তাটি উপেক্ষা করুন।',
    CN: '{brand}：您的重置密码验证码是 {code}，{minutes} 分钟内有效。如非本人操作，请忽略本短信。',
    ID: '{brand}: kode atur ulang kata sandi Anda {code}. Berlaku {minutes} menit. Abaikan pesan ini jika Anda tidak memintanya.',
    TH: '{brand}: รหัสรีเซ็ตรหัสผ่านของคุณคือ {code} ใช้ได้ {minutes} นาที หากคุณไม่ได้ขอ โปรดเพิกเฉยข้อความนี้',
    TY: '{brand}：您的重設密碼驗證碼是 {code}，{minutes} 分鐘內有效。如非本人操作，請忽略本簡訊。',
    VI: '{brand}: mã đặt lại mật khẩu của bạn là {code}. Mã hết hạn sau {minutes} phút. Nếu bạn không yêu cầu, hãy bỏ qua tin nhắn này.',
  },
  two_factor: {
    EN: '{brand}: your sign-in verification code is {code}. It expires in {minutes} minutes. Never share it with anyone.',
    BN: '{brand}: আপনার সাইন-ইন যাচাইকরণ কোড {code}। এটি {minutes} মিনিটে মেয়াদোত্তীর্ণ হবে। কাউকে এই কোড দেবেন না।',
    CN: '{brand}：您的登录二次验证码是 {code}，{minutes} 分钟内有效。请勿告诉任何人。',
    ID: '{brand}: kode verifikasi masuk Anda {code}. Berlaku {minutes} menit. Jangan berikan kepada siapa pun.',
    TH: '{brand}: รหัสยืนยันการเข้าสู่ระบบของคุณคือ {code} ใช้ได้ {minutes} นาที ห้ามบอกรหัสนี้กับผู้อื่น',
    TY: '{brand}：您的登入二次驗證碼是 {code}，{minutes} 分鐘內有效。請勿告訴任何人。',
    VI: '{brand}: mã xác minh đăng nhập của bạn là {code}. Mã hết hạn sau {minutes} phút. Không chia sẻ mã với bất kỳ ai.',
  },
};

/** Sent instead of a registration code when the number already has an account (no enumeration). */
const NUMBER_ALREADY_REGISTERED_SMS: Texts = {
  EN: '{brand}: someone tried to register a new account with this number. It already has an account: log in, or reset your password if you forgot it.',
  BN: '{brand}: কেউ এই নম্বর দিয়ে নতুন অ্যাকাউন্ট নিবন্ধনের চেষ্টা করেছে। এই নম্বরে আগে থেকেই একটি অ্যাকাউন্ট আছে: লগইন করুন, অথবা পাসওয়ার্ড ভুলে গেলে রিসেট করুন।',
  CN: '{brand}：有人尝试用此号码注册新账户。此号码已有账户：请直接登录，如忘记密码请重置。',
  ID: '{brand}: seseorang mencoba mendaftarkan akun baru dengan nomor ini. Nomor ini sudah memiliki akun: silakan masuk, atau atur ulang kata sandi jika Anda lupa.',
  TH: '{brand}: มีผู้พยายามสมัครบัญชีใหม่ด้วยหมายเลขนี้ หมายเลขนี้มีบัญชีอยู่แล้ว: โปรดเข้าสู่ระบบ หรือรีเซ็ตรหัสผ่านหากคุณลืม',
  TY: '{brand}：有人嘗試用此號碼註冊新帳戶。此號碼已有帳戶：請直接登入，如忘記密碼請重設。',
  VI: '{brand}: có người đã thử đăng ký tài khoản mới bằng số này. Số này đã có tài khoản: hãy đăng nhập, hoặc đặt lại mật khẩu nếu bạn quên.',
};

const RESET_EMAIL_SUBJECT: Texts = {
  EN: '{brand}: reset your password',
  BN: '{brand}: আপনার পাসওয়ার্ড রিসেট করুন',
  CN: '{brand}：重置您的密码',
  ID: '{brand}: atur ulang kata sandi Anda',
  TH: '{brand}: รีเซ็ตรหัสผ่านของคุณ',
  TY: '{brand}：重設您的密碼',
  VI: '{brand}: đặt lại mật khẩu của bạn',
};

const RESET_EMAIL_BODY: Texts = {
  EN: 'Hello {username},\n\nTo choose a new password, open this link within {minutes} minutes:\n{link}\n\nThe link works once. If you did not ask to reset your password, ignore this e-mail: your password stays as it is.\n\n{brand}',
  BN: 'হ্যালো {username},\n\nনতুন পাসওয়ার্ড বেছে নিতে {minutes} মিনিটের মধ্যে এই লিংকটি খুলুন:\n{link}\n\nলিংকটি একবারই কাজ করবে। আপনি পাসওয়ার্ড রিসেটের অনুরোধ না করে থাকলে এই ই-মেইলটি উপেক্ষা করুন: আপনার পাসওয়ার্ড অপরিবর্তিত থাকবে।\n\n{brand}',
  CN: '{username} 您好：\n\n请在 {minutes} 分钟内打开以下链接设置新密码：\n{link}\n\n该链接仅可使用一次。如果您没有申请重置密码，请忽略本邮件，您的密码不会改变。\n\n{brand}',
  ID: 'Halo {username},\n\nUntuk membuat kata sandi baru, buka tautan ini dalam {minutes} menit:\n{link}\n\nTautan hanya berlaku sekali. Jika Anda tidak meminta atur ulang kata sandi, abaikan e-mail ini: kata sandi Anda tidak berubah.\n\n{brand}',
  TH: 'สวัสดี {username}\n\nหากต้องการตั้งรหัสผ่านใหม่ โปรดเปิดลิงก์นี้ภายใน {minutes} นาที:\n{link}\n\nลิงก์นี้ใช้ได้ครั้งเดียว หากคุณไม่ได้ขอรีเซ็ตรหัสผ่าน โปรดเพิกเฉยอีเมลนี้ รหัสผ่านของคุณจะไม่เปลี่ยนแปลง\n\n{brand}',
  TY: '{username} 您好：\n\n請在 {minutes} 分鐘內開啟以下連結設定新密碼：\n{link}\n\n該連結僅可使用一次。如果您沒有申請重設密碼，請忽略本郵件，您的密碼不會改變。\n\n{brand}',
  VI: 'Xin chào {username},\n\nĐể đặt mật khẩu mới, hãy mở liên kết này trong vòng {minutes} phút:\n{link}\n\nLiên kết chỉ dùng được một lần. Nếu bạn không yêu cầu đặt lại mật khẩu, hãy bỏ qua e-mail này: mật khẩu của bạn vẫn giữ nguyên.\n\n{brand}',
};

function fill(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => params[name] ?? placeholder);
}

export function codeSms(purpose: CodePurpose, language: MessageLanguage, params: { brand: string; code: string; minutes: number }): string {
  return fill(CODE_SMS[purpose][language], { ...params, minutes: String(params.minutes) });
}

export function numberAlreadyRegisteredSms(language: MessageLanguage, params: { brand: string }): string {
  return fill(NUMBER_ALREADY_REGISTERED_SMS[language], params);
}

export function resetEmail(
  language: MessageLanguage,
  params: { brand: string; username: string; link: string; minutes: number },
): { subject: string; text: string } {
  const filled = { ...params, minutes: String(params.minutes) };
  return { subject: fill(RESET_EMAIL_SUBJECT[language], filled), text: fill(RESET_EMAIL_BODY[language], filled) };
}
