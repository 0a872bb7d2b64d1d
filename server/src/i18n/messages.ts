// The server's message catalogue: one text per error code and language. Error codes double as
// i18n keys on the front end; `message` is what a person reads, in the caller's `Language`.
// TY is the front end's Traditional Chinese set; TW (REFERENCE.md §4) is accepted as the same.

export const MESSAGE_LANGUAGES = ['EN', 'BN', 'CN', 'ID', 'TH', 'TY', 'VI'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

export const ERROR_CODES = [
  'request.param.err',
  'request.json.err',
  'request.media.type.err',
  'request.too.large',
  'request_body_required',
  'request.decrypt.err',
  'merchant.not.found',
  'function.not.available',
  'not.found',
  'system.err',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

type Catalogue = Record<ErrorCode, Record<MessageLanguage, string>>;

/** `{detail}` is replaced by a technical detail (the failing field), which stays in English. */
const CATALOGUE: Catalogue = {
  'request.param.err': {
    EN: 'Invalid request parameter: {detail}',
    BN: 'অনুরোধের প্যারামিটার সঠিক নয়: {detail}',
    CN: '请求参数错误：{detail}',
    ID: 'Parameter permintaan tidak valid: {detail}',
    TH: 'พารามิเตอร์คำขอไม่ถูกต้อง: {detail}',
    TY: '請求參數錯誤：{detail}',
    VI: 'Tham số yêu cầu không hợp lệ: {detail}',
  },
  'request.json.err': {
    EN: 'The request body is not valid JSON',
    BN: 'অনুরোধের বডি বৈধ JSON নয়',
    CN: '请求内容不是有效的 JSON',
    ID: 'Isi permintaan bukan JSON yang valid',
    TH: 'เนื้อหาคำขอไม่ใช่ JSON ที่ถูกต้อง',
    TY: '請求內容不是有效的 JSON',
    VI: 'Nội dung yêu cầu không phải JSON hợp lệ',
  },
  'request.media.type.err': {
    EN: 'Unsupported content type',
    BN: 'এই কনটেন্ট টাইপ সমর্থিত নয়',
    CN: '不支持的内容类型',
    ID: 'Jenis konten tidak didukung',
    TH: 'ไม่รองรับประเภทเนื้อหานี้',
    TY: '不支援的內容類型',
    VI: 'Loại nội dung không được hỗ trợ',
  },
  'request.too.large': {
    EN: 'The request is too large',
    BN: 'অনুরোধটি খুব বড়',
    CN: '请求内容过大',
    ID: 'Permintaan terlalu besar',
    TH: 'คำขอมีขนาดใหญ่เกินไป',
    TY: '請求內容過大',
    VI: 'Yêu cầu quá lớn',
  },
  request_body_required: {
    EN: 'This request must be sent encrypted',
    BN: 'এই অনুরোধটি এনক্রিপ্ট করে পাঠাতে হবে',
    CN: '此请求必须加密发送',
    ID: 'Permintaan ini harus dikirim terenkripsi',
    TH: 'คำขอนี้ต้องส่งแบบเข้ารหัส',
    TY: '此請求必須加密傳送',
    VI: 'Yêu cầu này phải được gửi ở dạng mã hóa',
  },
  'request.decrypt.err': {
    EN: 'The request could not be decrypted',
    BN: 'অনুরোধটি ডিক্রিপ্ট করা যায়নি',
    CN: '请求解密失败',
    ID: 'Permintaan tidak dapat didekripsi',
    TH: 'ไม่สามารถถอดรหัสคำขอได้',
    TY: '請求解密失敗',
    VI: 'Không thể giải mã yêu cầu',
  },
  'merchant.not.found': {
    EN: 'Unknown merchant',
    BN: 'অজানা মার্চেন্ট',
    CN: '商户不存在',
    ID: 'Merchant tidak dikenal',
    TH: 'ไม่พบร้านค้านี้',
    TY: '商戶不存在',
    VI: 'Không tìm thấy nhà cung cấp',
  },
  'function.not.available': {
    EN: 'Function not available',
    BN: 'এই ফাংশনটি উপলব্ধ নয়',
    CN: '功能不可用',
    ID: 'Fungsi tidak tersedia',
    TH: 'ฟังก์ชันนี้ไม่พร้อมใช้งาน',
    TY: '功能無法使用',
    VI: 'Chức năng không khả dụng',
  },
  'not.found': {
    EN: 'Not found',
    BN: 'পাওয়া যায়নি',
    CN: '未找到',
    ID: 'Tidak ditemukan',
    TH: 'ไม่พบข้อมูล',
    TY: '找不到',
    VI: 'Không tìm thấy',
  },
  'system.err': {
    EN: 'System busy, please try again later',
    BN: 'সিস্টেম ব্যস্ত, অনুগ্রহ করে পরে আবার চেষ্টা করুন',
    CN: '系统繁忙，请稍后再试',
    ID: 'Sistem sedang sibuk, silakan coba lagi nanti',
    TH: 'ระบบไม่ว่าง โปรดลองอีกครั้งภายหลัง',
    TY: '系統繁忙，請稍後再試',
    VI: 'Hệ thống đang bận, vui lòng thử lại sau',
  },
};

/** Codes other clients of the platform family send for the same languages. */
const LANGUAGE_ALIASES: Record<string, MessageLanguage> = {
  TW: 'TY',
  ZH: 'CN',
  VN: 'VI',
};

/** Maps a `Language` header (EN, bn, zh-TW, TY, ...) to a catalogue language; EN if unknown. */
export function resolveLanguage(header: string | undefined): MessageLanguage {
  if (!header) return 'EN';
  const upper = header.trim().toUpperCase();
  // zh-TW / zh-Hant: Traditional Chinese; other zh-*: Simplified.
  if (/^ZH[-_](TW|HK|HANT)/.test(upper)) return 'TY';
  const primary = upper.slice(0, 2);
  if ((MESSAGE_LANGUAGES as readonly string[]).includes(primary)) return primary as MessageLanguage;
  return LANGUAGE_ALIASES[primary] ?? 'EN';
}

/** The localised message for `code`, with `{name}` placeholders filled from `params`. */
export function translate(code: ErrorCode, language: MessageLanguage, params: Record<string, string> = {}): string {
  const template = CATALOGUE[code][language] ?? CATALOGUE[code].EN;
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => params[name] ?? placeholder);
}
