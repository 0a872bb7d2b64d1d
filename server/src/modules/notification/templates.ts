import type { MessageLanguage } from '../../i18n/messages';

// Texts of the SMS and e-mails the server sends, in the seven languages of the site. The
// language is the one of the request that caused the message (its `Language` header).
// Placeholders: {brand} {code} {minutes} {username} {link}.

export type CodePurpose = 'login' | 'register' | 'reset' | 'two_factor' | 'bind_mobile' | 'two_factor_email';

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
  // Proves a number before it is bound to an account ("My Account", member module profile.*).
  bind_mobile: {
    EN: '{brand}: your code to link this number to your account is {code}. It expires in {minutes} minutes. If you did not ask for it, ignore this message.',
    BN: '{brand}: এই নম্বরটি আপনার অ্যাকাউন্টের সাথে যুক্ত করার কোড {code}। এটি {minutes} মিনিটে মেয়াদোত্তীর্ণ হবে। আপনি অনুরোধ না করে থাকলে এই বার্তাটি উপেক্ষা করুন।',
    CN: '{brand}：您绑定此手机号码的验证码是 {code}，{minutes} 分钟内有效。如非本人操作，请忽略本短信。',
    ID: '{brand}: kode untuk menautkan nomor ini ke akun Anda adalah {code}. Berlaku {minutes} menit. Abaikan pesan ini jika Anda tidak memintanya.',
    TH: '{brand}: รหัสสำหรับผูกหมายเลขนี้กับบัญชีของคุณคือ {code} ใช้ได้ {minutes} นาที หากคุณไม่ได้ขอ โปรดเพิกเฉยข้อความนี้',
    TY: '{brand}：您綁定此手機號碼的驗證碼是 {code}，{minutes} 分鐘內有效。如非本人操作，請忽略本簡訊。',
    VI: '{brand}: mã liên kết số này với tài khoản của bạn là {code}. Mã hết hạn sau {minutes} phút. Nếu bạn không yêu cầu, hãy bỏ qua tin nhắn này.',
  },
  // Sign-in verification by e-mail (two-factor module): the body of the e-mail.
  two_factor_email: {
    EN: '{brand}: your sign-in verification code is {code}. It expires in {minutes} minutes. Never share it with anyone. If you are not signing in or changing your sign-in settings, change your password and contact customer service.',
    BN: '{brand}: আপনার সাইন-ইন যাচাইকরণ কোড {code}। এটি {minutes} মিনিটে মেয়াদোত্তীর্ণ হবে। কাউকে এই কোড দেবেন না। আপনি সাইন ইন বা সাইন-ইন সেটিংস পরিবর্তন না করে থাকলে পাসওয়ার্ড পরিবর্তন করুন এবং গ্রাহক সেবায় যোগাযোগ করুন।',
    CN: '{brand}：您的登录二次验证码是 {code}，{minutes} 分钟内有效。请勿告诉任何人。如果您没有在登录或更改登录设置，请修改密码并联系客服。',
    ID: '{brand}: kode verifikasi masuk Anda {code}. Berlaku {minutes} menit. Jangan berikan kepada siapa pun. Jika Anda tidak sedang masuk atau mengubah pengaturan masuk, ubah kata sandi Anda dan hubungi layanan pelanggan.',
    TH: '{brand}: รหัสยืนยันการเข้าสู่ระบบของคุณคือ {code} ใช้ได้ {minutes} นาที ห้ามบอกรหัสนี้กับผู้อื่น หากคุณไม่ได้กำลังเข้าสู่ระบบหรือเปลี่ยนการตั้งค่าการเข้าสู่ระบบ โปรดเปลี่ยนรหัสผ่านและติดต่อฝ่ายบริการลูกค้า',
    TY: '{brand}：您的登入二次驗證碼是 {code}，{minutes} 分鐘內有效。請勿告訴任何人。如果您沒有在登入或變更登入設定，請修改密碼並聯繫客服。',
    VI: '{brand}: mã xác minh đăng nhập của bạn là {code}. Mã hết hạn sau {minutes} phút. Không chia sẻ mã với bất kỳ ai. Nếu bạn không đang đăng nhập hoặc thay đổi cài đặt đăng nhập, hãy đổi mật khẩu và liên hệ chăm sóc khách hàng.',
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

/** What happened to the password when a member is told their two-step sign-in stays on. */
export type PasswordEvent = 'reset' | 'change';

const SECOND_FACTOR_KEPT_SUBJECT: Texts = {
  EN: '{brand}: your password was changed, two-step sign-in stays on',
  BN: '{brand}: আপনার পাসওয়ার্ড পরিবর্তন হয়েছে, দুই-ধাপের সাইন-ইন চালু আছে',
  CN: '{brand}：您的密码已更改，两步登录验证仍然开启',
  ID: '{brand}: kata sandi Anda telah diubah, masuk dua langkah tetap aktif',
  TH: '{brand}: รหัสผ่านของคุณถูกเปลี่ยนแล้ว การเข้าสู่ระบบสองขั้นตอนยังเปิดอยู่',
  TY: '{brand}：您的密碼已變更，兩步登入驗證仍然開啟',
  VI: '{brand}: mật khẩu của bạn đã được thay đổi, đăng nhập hai bước vẫn bật',
};

// Sent after a password reset or change while a second factor is bound (password module): the
// factor is kept, so the member must hear of it, and act if they did not set it up themselves.
const SECOND_FACTOR_KEPT: Record<PasswordEvent, Texts> = {
  reset: {
    EN: '{brand}: the password of your account {username} was reset. Two-step sign-in stays on: logging in still asks for the code of your authenticator app or SMS. If you did not set up two-step sign-in yourself, contact customer service at once.',
    BN: '{brand}: আপনার অ্যাকাউন্ট {username}-এর পাসওয়ার্ড রিসেট করা হয়েছে। দুই-ধাপের সাইন-ইন চালু আছে: লগইনে এখনও আপনার অথেন্টিকেটর অ্যাপ বা এসএমএসের কোড চাওয়া হবে। আপনি নিজে দুই-ধাপের সাইন-ইন চালু না করে থাকলে এখনই গ্রাহক সেবায় যোগাযোগ করুন।',
    CN: '{brand}：您的账户 {username} 的密码已重置。两步登录验证仍然开启：登录时仍需输入身份验证器应用或短信中的验证码。如果两步登录验证不是您本人开启的，请立即联系客服。',
    ID: '{brand}: kata sandi akun Anda {username} telah diatur ulang. Masuk dua langkah tetap aktif: saat masuk Anda tetap diminta kode dari aplikasi autentikator atau SMS. Jika Anda tidak mengaktifkan masuk dua langkah sendiri, segera hubungi layanan pelanggan.',
    TH: '{brand}: รหัสผ่านของบัญชี {username} ถูกรีเซ็ตแล้ว การเข้าสู่ระบบสองขั้นตอนยังเปิดอยู่: การเข้าสู่ระบบยังต้องใช้รหัสจากแอปยืนยันตัวตนหรือ SMS หากคุณไม่ได้เปิดการเข้าสู่ระบบสองขั้นตอนด้วยตนเอง โปรดติดต่อฝ่ายบริการลูกค้าทันที',
    TY: '{brand}：您的帳戶 {username} 的密碼已重設。兩步登入驗證仍然開啟：登入時仍需輸入驗證器應用程式或簡訊中的驗證碼。如果兩步登入驗證不是您本人開啟的，請立即聯繫客服。',
    VI: '{brand}: mật khẩu của tài khoản {username} đã được đặt lại. Đăng nhập hai bước vẫn bật: khi đăng nhập vẫn cần mã từ ứng dụng xác thực hoặc SMS. Nếu bạn không tự bật đăng nhập hai bước, hãy liên hệ chăm sóc khách hàng ngay.',
  },
  change: {
    EN: '{brand}: the password of your account {username} was changed. Two-step sign-in stays on: logging in still asks for the code of your authenticator app or SMS. If you did not make this change or set up two-step sign-in yourself, contact customer service at once.',
    BN: '{brand}: আপনার অ্যাকাউন্ট {username}-এর পাসওয়ার্ড পরিবর্তন করা হয়েছে। দুই-ধাপের সাইন-ইন চালু আছে: লগইনে এখনও আপনার অথেন্টিকেটর অ্যাপ বা এসএমএসের কোড চাওয়া হবে। আপনি নিজে এই পরিবর্তন না করে থাকলে বা দুই-ধাপের সাইন-ইন চালু না করে থাকলে এখনই গ্রাহক সেবায় যোগাযোগ করুন।',
    CN: '{brand}：您的账户 {username} 的密码已更改。两步登录验证仍然开启：登录时仍需输入身份验证器应用或短信中的验证码。如果此更改或两步登录验证不是您本人操作的，请立即联系客服。',
    ID: '{brand}: kata sandi akun Anda {username} telah diubah. Masuk dua langkah tetap aktif: saat masuk Anda tetap diminta kode dari aplikasi autentikator atau SMS. Jika bukan Anda yang melakukan perubahan ini atau mengaktifkan masuk dua langkah, segera hubungi layanan pelanggan.',
    TH: '{brand}: รหัสผ่านของบัญชี {username} ถูกเปลี่ยนแล้ว การเข้าสู่ระบบสองขั้นตอนยังเปิดอยู่: การเข้าสู่ระบบยังต้องใช้รหัสจากแอปยืนยันตัวตนหรือ SMS หากคุณไม่ได้เปลี่ยนรหัสผ่านหรือเปิดการเข้าสู่ระบบสองขั้นตอนด้วยตนเอง โปรดติดต่อฝ่ายบริการลูกค้าทันที',
    TY: '{brand}：您的帳戶 {username} 的密碼已變更。兩步登入驗證仍然開啟：登入時仍需輸入驗證器應用程式或簡訊中的驗證碼。如果此變更或兩步登入驗證不是您本人操作的，請立即聯繫客服。',
    VI: '{brand}: mật khẩu của tài khoản {username} đã được thay đổi. Đăng nhập hai bước vẫn bật: khi đăng nhập vẫn cần mã từ ứng dụng xác thực hoặc SMS. Nếu bạn không thực hiện thay đổi này hoặc không tự bật đăng nhập hai bước, hãy liên hệ chăm sóc khách hàng ngay.',
  },
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

/** The notice that two-step sign-in stays on after a password reset or change (e-mail subject, and the text of both channels). */
export function secondFactorKeptMessage(
  event: PasswordEvent,
  language: MessageLanguage,
  params: { brand: string; username: string },
): { subject: string; text: string } {
  return { subject: fill(SECOND_FACTOR_KEPT_SUBJECT[language], params), text: fill(SECOND_FACTOR_KEPT[event][language], params) };
}

const TWO_FACTOR_EMAIL_SUBJECT: Texts = {
  EN: '{brand}: your sign-in verification code',
  BN: '{brand}: আপনার সাইন-ইন যাচাইকরণ কোড',
  CN: '{brand}：您的登录二次验证码',
  ID: '{brand}: kode verifikasi masuk Anda',
  TH: '{brand}: รหัสยืนยันการเข้าสู่ระบบของคุณ',
  TY: '{brand}：您的登入二次驗證碼',
  VI: '{brand}: mã xác minh đăng nhập của bạn',
};

/** The e-mail carrying a sign-in verification code (two-factor by e-mail). */
export function twoFactorEmail(language: MessageLanguage, params: { brand: string; code: string; minutes: number }): { subject: string; text: string } {
  return { subject: fill(TWO_FACTOR_EMAIL_SUBJECT[language], { brand: params.brand }), text: codeSms('two_factor_email', language, params) };
}
