// Texts of the codes the referral module raises, seven languages each. {placeholders} are filled by the raiser.
import { defineMessages } from '../../i18n/messages';

export const referralMessages = defineMessages({
  'referral.disabled': {
    EN: 'Invite a friend is not available at the moment',
    BN: 'বন্ধুকে আমন্ত্রণ এই মুহূর্তে উপলব্ধ নয়',
    CN: '邀请好友活动暂未开放',
    ID: 'Ajak teman sedang tidak tersedia',
    TH: 'การชวนเพื่อนยังไม่เปิดให้บริการในขณะนี้',
    TY: '邀請好友活動暫未開放',
    VI: 'Mời bạn bè hiện không khả dụng',
  },
  'referral.achievement.unknown': {
    EN: 'This achievement does not exist',
    BN: 'এই অর্জনটি নেই',
    CN: '该成就不存在',
    ID: 'Pencapaian ini tidak ada',
    TH: 'ไม่มีความสำเร็จนี้',
    TY: '該成就不存在',
    VI: 'Thành tích này không tồn tại',
  },
  'referral.achievement.not.reached': {
    EN: 'You need {friends} qualified friends for this bonus (you have {qualified})',
    BN: 'এই বোনাসের জন্য {friends} জন যোগ্য বন্ধু দরকার (আপনার আছে {qualified} জন)',
    CN: '需要 {friends} 位合格好友才能领取此奖金（您目前有 {qualified} 位）',
    ID: 'Anda membutuhkan {friends} teman yang memenuhi syarat untuk bonus ini (Anda punya {qualified})',
    TH: 'ต้องมีเพื่อนที่ผ่านเกณฑ์ {friends} คนสำหรับโบนัสนี้ (คุณมี {qualified} คน)',
    TY: '需要 {friends} 位合格好友才能領取此獎金（您目前有 {qualified} 位）',
    VI: 'Bạn cần {friends} bạn bè đủ điều kiện cho phần thưởng này (bạn có {qualified})',
  },
  'referral.achievement.claimed': {
    EN: 'You have already claimed this bonus',
    BN: 'আপনি ইতিমধ্যে এই বোনাস নিয়েছেন',
    CN: '您已领取过此奖金',
    ID: 'Anda sudah mengklaim bonus ini',
    TH: 'คุณรับโบนัสนี้ไปแล้ว',
    TY: '您已領取過此獎金',
    VI: 'Bạn đã nhận phần thưởng này rồi',
  },
  'operator.referral.invalid': {
    EN: 'Invalid referral settings: {detail}',
    BN: 'অবৈধ রেফারেল সেটিংস: {detail}',
    CN: '邀请设置无效：{detail}',
    ID: 'Pengaturan referral tidak valid: {detail}',
    TH: 'การตั้งค่าการชวนเพื่อนไม่ถูกต้อง: {detail}',
    TY: '邀請設定無效：{detail}',
    VI: 'Cài đặt giới thiệu không hợp lệ: {detail}',
  },
});
