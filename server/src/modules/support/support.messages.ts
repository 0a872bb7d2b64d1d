// Texts of the codes the support module raises, seven languages each. {placeholders} are filled by the raiser.
import { defineMessages } from '../../i18n/messages';

export const supportMessages = defineMessages({
  'support.text.too.short': {
    EN: 'Please describe your question in at least {min} characters',
    BN: 'অনুগ্রহ করে আপনার প্রশ্নটি কমপক্ষে {min}টি অক্ষরে লিখুন',
    CN: '请至少用 {min} 个字描述您的问题',
    ID: 'Jelaskan pertanyaan Anda minimal {min} karakter',
    TH: 'โปรดอธิบายคำถามของคุณอย่างน้อย {min} ตัวอักษร',
    TY: '請至少用 {min} 個字描述您的問題',
    VI: 'Vui lòng mô tả câu hỏi của bạn với ít nhất {min} ký tự',
  },
  'support.image.invalid': {
    EN: 'Images must be PNG or JPG',
    BN: 'ছবি অবশ্যই PNG বা JPG হতে হবে',
    CN: '图片必须是 PNG 或 JPG 格式',
    ID: 'Gambar harus berformat PNG atau JPG',
    TH: 'รูปภาพต้องเป็น PNG หรือ JPG',
    TY: '圖片必須是 PNG 或 JPG 格式',
    VI: 'Ảnh phải là PNG hoặc JPG',
  },
  'support.image.too.large': {
    EN: 'Each image can be at most 5 MB',
    BN: 'প্রতিটি ছবি সর্বোচ্চ ৫ MB হতে পারে',
    CN: '每张图片不能超过 5 MB',
    ID: 'Setiap gambar maksimal 5 MB',
    TH: 'รูปภาพแต่ละรูปต้องไม่เกิน 5 MB',
    TY: '每張圖片不能超過 5 MB',
    VI: 'Mỗi ảnh tối đa 5 MB',
  },
  'support.contact.missing': {
    EN: 'Your account has no details for that way of contact: choose another, or add them in My Account first',
    BN: 'আপনার অ্যাকাউন্টে এই যোগাযোগ পদ্ধতির কোনো তথ্য নেই: অন্য একটি বেছে নিন, অথবা আগে আমার অ্যাকাউন্টে তা যোগ করুন',
    CN: '您的账户没有该联系方式的资料：请选择其他方式，或先在我的账户中添加',
    ID: 'Akun Anda tidak memiliki data untuk cara kontak tersebut: pilih cara lain, atau tambahkan dulu di Akun Saya',
    TH: 'บัญชีของคุณไม่มีข้อมูลสำหรับช่องทางติดต่อนี้: โปรดเลือกช่องทางอื่น หรือเพิ่มข้อมูลในบัญชีของฉันก่อน',
    TY: '您的帳戶沒有該聯絡方式的資料：請選擇其他方式，或先在我的帳戶中新增',
    VI: 'Tài khoản của bạn không có thông tin cho cách liên hệ này: hãy chọn cách khác, hoặc thêm thông tin trong Tài khoản của tôi trước',
  },
  'support.question.not.found': {
    EN: 'This question was not found',
    BN: 'এই প্রশ্নটি পাওয়া যায়নি',
    CN: '找不到该问题',
    ID: 'Pertanyaan ini tidak ditemukan',
    TH: 'ไม่พบคำถามนี้',
    TY: '找不到該問題',
    VI: 'Không tìm thấy câu hỏi này',
  },
  'support.question.not.open': {
    EN: 'This question has already been answered or closed',
    BN: 'এই প্রশ্নটির ইতিমধ্যে উত্তর দেওয়া হয়েছে বা এটি বন্ধ করা হয়েছে',
    CN: '该问题已被回复或已关闭',
    ID: 'Pertanyaan ini sudah dijawab atau ditutup',
    TH: 'คำถามนี้ได้รับคำตอบหรือถูกปิดไปแล้ว',
    TY: '該問題已被回覆或已關閉',
    VI: 'Câu hỏi này đã được trả lời hoặc đã đóng',
  },
});
