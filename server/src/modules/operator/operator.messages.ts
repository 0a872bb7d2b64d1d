// Texts of the codes the operator API raises, seven languages each (operators read them too).
import { defineMessages } from '../../i18n/messages';

export const operatorMessages = defineMessages({
  'operator.login.failed': {
    EN: 'Wrong merchant, operator name or password',
    BN: 'মার্চেন্ট, অপারেটরের নাম বা পাসওয়ার্ড ভুল',
    CN: '商户、操作员名称或密码错误',
    ID: 'Merchant, nama operator, atau kata sandi salah',
    TH: 'ร้านค้า ชื่อผู้ดูแล หรือรหัสผ่านไม่ถูกต้อง',
    TY: '商戶、操作員名稱或密碼錯誤',
    VI: 'Sai nhà cái, tên nhân viên vận hành hoặc mật khẩu',
  },
  'operator.token.invalid': {
    EN: 'Log in as an operator first (the token is missing, expired or revoked)',
    BN: 'প্রথমে অপারেটর হিসেবে লগ ইন করুন (টোকেন নেই, মেয়াদোত্তীর্ণ বা বাতিল)',
    CN: '请先以操作员身份登录（令牌缺失、过期或已撤销）',
    ID: 'Masuk sebagai operator terlebih dahulu (token tidak ada, kedaluwarsa, atau dicabut)',
    TH: 'กรุณาเข้าสู่ระบบในฐานะผู้ดูแลก่อน (ไม่มีโทเคน หมดอายุ หรือถูกเพิกถอน)',
    TY: '請先以操作員身分登入（權杖缺失、過期或已撤銷）',
    VI: 'Hãy đăng nhập với tư cách nhân viên vận hành trước (mã thiếu, hết hạn hoặc đã bị thu hồi)',
  },
  'operator.member.not.found': {
    EN: 'No real-money member of this merchant has that user name',
    BN: 'এই মার্চেন্টের কোনো আসল-টাকার সদস্যের এই ব্যবহারকারীর নাম নেই',
    CN: '该商户没有使用此用户名的真实账户会员',
    ID: 'Tidak ada anggota uang asli merchant ini dengan nama pengguna tersebut',
    TH: 'ไม่มีสมาชิกเงินจริงของร้านค้านี้ที่ใช้ชื่อผู้ใช้นี้',
    TY: '該商戶沒有使用此用戶名的真實帳戶會員',
    VI: 'Không có thành viên tiền thật nào của nhà cái này có tên người dùng đó',
  },
  'operator.adjustment.invalid': {
    EN: 'An adjustment is a positive amount with at most two decimals, no more than 100,000,000',
    BN: 'সমন্বয় হলো সর্বোচ্চ দুই দশমিক ঘরের একটি ধনাত্মক পরিমাণ, ১০,০০,০০,০০০-এর বেশি নয়',
    CN: '调整金额须为正数，最多两位小数，且不超过 100,000,000',
    ID: 'Penyesuaian adalah jumlah positif dengan paling banyak dua desimal, tidak lebih dari 100.000.000',
    TH: 'การปรับยอดต้องเป็นจำนวนบวก ทศนิยมไม่เกินสองตำแหน่ง และไม่เกิน 100,000,000',
    TY: '調整金額須為正數，最多兩位小數，且不超過 100,000,000',
    VI: 'Khoản điều chỉnh là số dương với tối đa hai chữ số thập phân, không quá 100.000.000',
  },
});
