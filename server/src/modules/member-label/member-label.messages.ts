// Texts of the codes this module raises.
import { defineMessages } from '../../i18n/messages';

export const memberLabelMessages = defineMessages({
  'operator.member_label.invalid': {
    EN: 'Invalid member label: {detail}',
    BN: 'অবৈধ সদস্য লেবেল: {detail}',
    CN: '会员标签无效：{detail}',
    ID: 'Label anggota tidak valid: {detail}',
    TH: 'ป้ายกำกับสมาชิกไม่ถูกต้อง: {detail}',
    TY: '會員標籤無效：{detail}',
    VI: 'Nhãn thành viên không hợp lệ: {detail}',
  },
});
