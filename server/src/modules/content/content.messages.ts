// Texts of the codes the content module raises, seven languages each. {detail} is the rule that
// failed, filled by the raiser (content.operator.service.ts).
import { defineMessages } from '../../i18n/messages';

export const contentMessages = defineMessages({
  'operator.content.invalid': {
    EN: 'Invalid content: {detail}',
    BN: 'অবৈধ কনটেন্ট: {detail}',
    CN: '内容无效：{detail}',
    ID: 'Konten tidak valid: {detail}',
    TH: 'เนื้อหาไม่ถูกต้อง: {detail}',
    TY: '內容無效：{detail}',
    VI: 'Nội dung không hợp lệ: {detail}',
  },
});
