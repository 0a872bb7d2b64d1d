import {
  MAIN_WALLET_ACCOUNT_TYPE_ID,
  RECORDS_MAX_RANGE_MS,
  TX_TYPE_TRANSFER_IN,
  TX_TYPE_TRANSFER_OUT,
  TX_TYPE_UPLINE_TRANSFER_IN,
  TX_TYPE_UPLINE_TRANSFER_OUT,
  type MemberTransactions,
  type TransactionCodeType,
} from '@platform/contract';
import type { Db } from '../../db/pool';
import { AppError } from '../../http/envelope';
import type { MessageLanguage, MessageTexts } from '../../i18n/messages';
import { minorToMajor } from './ledger.service';
import * as queries from './records.queries';

// The member's transaction records (ODSFE2_MemTransDet, legacy transactionLogs): one row
// per ledger posting on the member's own wallets (main and game wallets), newest first. What a
// row is called comes from its transaction's `kind` (what the movement was, set by the module
// that posted it) and, for some kinds, the sign of the posting: TRANSACTION_TYPES below.
//
// The table of types. Each entry: the ledger kind(s), which postings it covers (credits, debits
// or both), the txTypeId the page shows, the filter group (`codeTypes`, TRANSACTION_CODE_TYPES of
// the contract), and the name in seven languages.
//
//   kind                  posting  txTypeId  group           name (EN)
//   deposit               any      1001      deposit         Deposit
//   withdraw_request      any      2001      withdraw        Withdrawal
//   withdraw_paid         any      2002      withdraw        Withdrawal paid (house side: no member posting)
//   withdraw_refund       any      2003      withdraw        Withdrawal refund
//   wallet_transfer       credit   8102      transfer        Transfer in   (between the member's own wallets)
//   wallet_transfer       debit    8202      transfer        Transfer out
//   wallet_return         credit   8102      transfer        Transfer in   (recall all: game wallets → main)
//   wallet_return         debit    8202      transfer        Transfer out
//   upline_transfer       debit    8301      transfer        Transfer to upline      (agent-transfer module)
//   upline_transfer       credit   8302      transfer        Transfer from downline
//   downline_transfer     debit    8401      transfer        Transfer to downline    (agent module)
//   downline_transfer     credit   8402      transfer        Transfer from upline
//   red_envelope          debit    8501      transfer        Red envelope sent      (agent module)
//   red_envelope          credit   8502      transfer        Red envelope received
//   operator_adjustment   credit   3001      adjustment      Adjustment (credit)
//   operator_adjustment   debit    3002      adjustment      Adjustment (debit)
//   operator_credit       any      3001      adjustment      Adjustment (credit)  (test and operator tooling)
//   bet                   any      4001      bet             Bet
//   win                   any      4002      bet             Win
//   bet_refund            any      4003      bet             Bet refund
//   game_bet              any      4001      bet             Bet        (a game vendor's bet, seamless-wallet API)
//   game_win              any      4002      bet             Win        (a game vendor's win)
//   game_rollback         any      4003      bet             Bet refund (a game vendor's bet rolled back)
//   bonus                 any      5001      bonus           Bonus
//   promotion             any      5002      bonus           Promotion bonus   (promotion module)
//   prize_wheel           any      5003      bonus           Prize wheel       (prize-wheel module: a cash prize)
//   promotion_takeback    any      5004      bonus           Bonus taken back  (promotion module: not wagered in time)
//   vip_upgrade_bonus     any      5201      bonus           VIP upgrade bonus (vip module: once per level reached)
//   vip_salary            any      5202      bonus           VIP monthly salary (vip module: once per month and level)
//   mission_reward        any      5010      bonus           Mission reward    (mission module: a milestone's reward or a leaderboard prize)
//   betting_rebate        any      6001      betting_rebate  Betting rebate
//   product_rebate        any      6003      betting_rebate  Daily betting rebate (rebate module: a day's rebate, claimed or paid by its job)
//   agent_rebate          any      6002      agent_rebate    Agent rebate
//   dividend              any      6101      dividend        Dividend
//   daily_salary          any      6201      salary          Daily salary
//   hourly_salary         any      6202      hourly_salary   Hourly salary
//   realtime_salary       any      6203      salary          Real-time salary   (agent module, every settled lottery round)
//   invitation_reward     any      6301      bonus           Invitation reward        (referral module: a friend qualified)
//   referral_deposit_rebate any    6302      bonus           Friends' deposit rebate  (referral module: a closed day's, by level)
//   referral_bet_rebate   any      6303      bonus           Friends' betting rebate  (referral module: a closed day's, by level)
//   referral_achievement  any      6304      bonus           Invitation achievement   (referral module: N qualified friends)
//   point_earn            any      7001      bonus           Points earned       (points module; POINT unit)
//   point_redeem          any      7002      bonus           Points redeemed     (points module; POINT unit)
//   point_convert         any      7003      bonus           Points converted    (points module; the points spent, and the money)
//   point_adjustment      credit   7004      adjustment      Points adjustment (credit)  (points module; POINT unit)
//   point_adjustment      debit    7005      adjustment      Points adjustment (debit)
//   point_promotion       any      7006      bonus           Points from a promotion     (points module's creditPoints)
//   point_mall_credit     any      7101      bonus           Point mall credit   (points module: an item of money)
//   point_mall_bonus      any      7102      bonus           Point mall bonus    (points module: an item of money to wager)
//   (any other kind)      any      9999      other           Other
//
// A kind a later module posts shows as "Other" until a row here names it. A
// transfer's remark names the wallets (from → to); a game's movement names its game (in the
// caller's language) and the vendor's round id (game_transaction → game_round, migration 030),
// over any remark stored with it (the round tells the member which one it was); other rows show
// the remark stored with the transaction (migration 019), and the order number is the
// transaction's order_no or its id.

/** Which postings of a kind an entry covers: credits (> 0), debits (< 0), or both. */
type PostingSide = 'credit' | 'debit' | 'any';

interface TransactionType {
  kind: string;
  side: PostingSide;
  txTypeId: number;
  group: Exclude<TransactionCodeType, 'other'>;
  name: MessageTexts;
}

const name = (EN: string, BN: string, CN: string, ID: string, TH: string, TY: string, VI: string): MessageTexts => ({ EN, BN, CN, ID, TH, TY, VI });

const NAMES = {
  deposit: name('Deposit', 'জমা', '存款', 'Deposit', 'ฝากเงิน', '存款', 'Nạp tiền'),
  withdrawal: name('Withdrawal', 'উত্তোলন', '提款', 'Penarikan', 'ถอนเงิน', '提款', 'Rút tiền'),
  withdrawalPaid: name('Withdrawal paid', 'উত্তোলন পরিশোধিত', '提款已支付', 'Penarikan dibayar', 'จ่ายเงินถอนแล้ว', '提款已支付', 'Đã chi trả rút tiền'),
  withdrawalRefund: name('Withdrawal refund', 'উত্তোলন ফেরত', '提款退回', 'Pengembalian penarikan', 'คืนเงินถอน', '提款退回', 'Hoàn tiền rút'),
  transferIn: name('Transfer in', 'স্থানান্তর জমা', '转入', 'Transfer masuk', 'โอนเข้า', '轉入', 'Chuyển vào'),
  transferOut: name('Transfer out', 'স্থানান্তর খরচ', '转出', 'Transfer keluar', 'โอนออก', '轉出', 'Chuyển ra'),
  adjustmentCredit: name('Adjustment (credit)', 'সমন্বয় (জমা)', '调整（加款）', 'Penyesuaian (kredit)', 'ปรับยอด (เพิ่ม)', '調整（加款）', 'Điều chỉnh (cộng)'),
  adjustmentDebit: name('Adjustment (debit)', 'সমন্বয় (কর্তন)', '调整（扣款）', 'Penyesuaian (debit)', 'ปรับยอด (หัก)', '調整（扣款）', 'Điều chỉnh (trừ)'),
  bet: name('Bet', 'বাজি', '投注', 'Taruhan', 'เดิมพัน', '投注', 'Cược'),
  win: name('Win', 'জয়', '派彩', 'Kemenangan', 'ชนะ', '派彩', 'Thắng'),
  betRefund: name('Bet refund', 'বাজি ফেরত', '投注退回', 'Pengembalian taruhan', 'คืนเงินเดิมพัน', '投注退回', 'Hoàn cược'),
  bonus: name('Bonus', 'বোনাস', '红利', 'Bonus', 'โบนัส', '紅利', 'Tiền thưởng'),
  bettingRebate: name('Betting rebate', 'বাজি রিবেট', '投注返水', 'Rabat taruhan', 'เงินคืนจากการเดิมพัน', '投注返水', 'Hoàn trả cược'),
  agentRebate: name('Agent rebate', 'এজেন্ট রিবেট', '代理返点', 'Rabat agen', 'เงินคืนตัวแทน', '代理返點', 'Hoàn trả đại lý'),
  dividend: name('Dividend', 'লভ্যাংশ', '分红', 'Dividen', 'เงินปันผล', '分紅', 'Cổ tức'),
  dailySalary: name('Daily salary', 'দৈনিক বেতন', '日工资', 'Gaji harian', 'เงินเดือนรายวัน', '日工資', 'Lương ngày'),
  hourlySalary: name('Hourly salary', 'ঘণ্টাভিত্তিক বেতন', '时薪', 'Gaji per jam', 'ค่าจ้างรายชั่วโมง', '時薪', 'Lương theo giờ'),
  realtimeSalary: name('Real-time salary', 'রিয়েল-টাইম বেতন', '实时工资', 'Gaji real-time', 'เงินเดือนเรียลไทม์', '即時工資', 'Lương thời gian thực'),
  transferToDownline: name('Transfer to downline', 'ডাউনলাইনে স্থানান্তর', '转账给下级', 'Transfer ke downline', 'โอนให้สายล่าง', '轉帳給下級', 'Chuyển cho tuyến dưới'),
  redEnvelopeSent: name('Red envelope sent', 'লাল খাম পাঠানো হয়েছে', '发出红包', 'Angpao dikirim', 'ส่งอั่งเปา', '發出紅包', 'Đã gửi lì xì'),
  redEnvelopeReceived: name('Red envelope received', 'লাল খাম পাওয়া গেছে', '收到红包', 'Angpao diterima', 'ได้รับอั่งเปา', '收到紅包', 'Đã nhận lì xì'),
  transferFromUpline: name('Transfer from upline', 'আপলাইন থেকে স্থানান্তর', '上级转入', 'Transfer dari upline', 'รับโอนจากสายบน', '上級轉入', 'Nhận từ tuyến trên'),
  other: name('Other', 'অন্যান্য', '其他', 'Lainnya', 'อื่น ๆ', '其他', 'Khác'),
  mainWallet: name('Main wallet', 'মূল ওয়ালেট', '主钱包', 'Dompet utama', 'กระเป๋าหลัก', '主錢包', 'Ví chính'),
} as const;

export const TRANSACTION_TYPES: readonly TransactionType[] = [
  { kind: 'deposit', side: 'any', txTypeId: 1001, group: 'deposit', name: NAMES.deposit },
  { kind: 'withdraw_request', side: 'any', txTypeId: 2001, group: 'withdraw', name: NAMES.withdrawal },
  { kind: 'withdraw_paid', side: 'any', txTypeId: 2002, group: 'withdraw', name: NAMES.withdrawalPaid },
  { kind: 'withdraw_refund', side: 'any', txTypeId: 2003, group: 'withdraw', name: NAMES.withdrawalRefund },
  { kind: 'wallet_transfer', side: 'credit', txTypeId: TX_TYPE_TRANSFER_IN, group: 'transfer', name: NAMES.transferIn },
  { kind: 'wallet_transfer', side: 'debit', txTypeId: TX_TYPE_TRANSFER_OUT, group: 'transfer', name: NAMES.transferOut },
  { kind: 'wallet_return', side: 'credit', txTypeId: TX_TYPE_TRANSFER_IN, group: 'transfer', name: NAMES.transferIn },
  { kind: 'wallet_return', side: 'debit', txTypeId: TX_TYPE_TRANSFER_OUT, group: 'transfer', name: NAMES.transferOut },
  { kind: 'upline_transfer', side: 'debit', txTypeId: TX_TYPE_UPLINE_TRANSFER_OUT, group: 'transfer', name: name('Transfer to upline', 'আপলাইনে স্থানান্তর', '转账给上级', 'Transfer ke upline', 'โอนให้สายบน', '轉帳給上級', 'Chuyển cho tuyến trên') },
  { kind: 'upline_transfer', side: 'credit', txTypeId: TX_TYPE_UPLINE_TRANSFER_IN, group: 'transfer', name: name('Transfer from downline', 'ডাউনলাইন থেকে স্থানান্তর', '下级转入', 'Transfer dari downline', 'รับโอนจากสายล่าง', '下級轉入', 'Nhận từ tuyến dưới') },
  { kind: 'operator_adjustment', side: 'credit', txTypeId: 3001, group: 'adjustment', name: NAMES.adjustmentCredit },
  { kind: 'operator_adjustment', side: 'debit', txTypeId: 3002, group: 'adjustment', name: NAMES.adjustmentDebit },
  { kind: 'operator_credit', side: 'any', txTypeId: 3001, group: 'adjustment', name: NAMES.adjustmentCredit },
  { kind: 'bet', side: 'any', txTypeId: 4001, group: 'bet', name: NAMES.bet },
  { kind: 'win', side: 'any', txTypeId: 4002, group: 'bet', name: NAMES.win },
  { kind: 'bet_refund', side: 'any', txTypeId: 4003, group: 'bet', name: NAMES.betRefund },
  { kind: 'game_bet', side: 'any', txTypeId: 4001, group: 'bet', name: NAMES.bet },
  { kind: 'game_win', side: 'any', txTypeId: 4002, group: 'bet', name: NAMES.win },
  { kind: 'game_rollback', side: 'any', txTypeId: 4003, group: 'bet', name: NAMES.betRefund },
  { kind: 'bonus', side: 'any', txTypeId: 5001, group: 'bonus', name: NAMES.bonus },
  { kind: 'promotion', side: 'any', txTypeId: 5002, group: 'bonus', name: name('Promotion bonus', 'প্রচার বোনাস', '活动奖金', 'Bonus promosi', 'โบนัสโปรโมชั่น', '活動獎金', 'Thưởng khuyến mãi') },
  { kind: 'prize_wheel', side: 'any', txTypeId: 5003, group: 'bonus', name: name('Prize wheel', 'পুরস্কারের চাকা', '幸运转盘', 'Roda hadiah', 'วงล้อรางวัล', '幸運轉盤', 'Vòng quay may mắn') },
  { kind: 'promotion_takeback', side: 'any', txTypeId: 5004, group: 'bonus', name: name('Bonus taken back', 'বোনাস ফেরত নেওয়া হয়েছে', '奖金已收回', 'Bonus ditarik kembali', 'เรียกคืนโบนัส', '獎金已收回', 'Thu hồi tiền thưởng') },
  { kind: 'vip_upgrade_bonus', side: 'any', txTypeId: 5201, group: 'bonus', name: name('VIP upgrade bonus', 'ভিআইপি আপগ্রেড বোনাস', 'VIP晋级奖金', 'Bonus naik level VIP', 'โบนัสเลื่อนระดับ VIP', 'VIP晉級獎金', 'Thưởng thăng cấp VIP') },
  { kind: 'vip_salary', side: 'any', txTypeId: 5202, group: 'bonus', name: name('VIP monthly salary', 'ভিআইপি মাসিক বেতন', 'VIP月俸禄', 'Gaji bulanan VIP', 'เงินเดือน VIP', 'VIP月俸祿', 'Lương tháng VIP') },
  { kind: 'mission_reward', side: 'any', txTypeId: 5010, group: 'bonus', name: name('Mission reward', 'মিশন পুরস্কার', '任务奖励', 'Hadiah misi', 'รางวัลภารกิจ', '任務獎勵', 'Thưởng nhiệm vụ') },
  { kind: 'betting_rebate', side: 'any', txTypeId: 6001, group: 'betting_rebate', name: NAMES.bettingRebate },
  { kind: 'product_rebate', side: 'any', txTypeId: 6003, group: 'betting_rebate', name: name('Daily betting rebate', 'দৈনিক বাজি রিবেট', '每日投注返水', 'Rabat taruhan harian', 'เงินคืนการเดิมพันรายวัน', '每日投注返水', 'Hoàn trả cược hằng ngày') },
  { kind: 'agent_rebate', side: 'any', txTypeId: 6002, group: 'agent_rebate', name: NAMES.agentRebate },
  { kind: 'dividend', side: 'any', txTypeId: 6101, group: 'dividend', name: NAMES.dividend },
  { kind: 'daily_salary', side: 'any', txTypeId: 6201, group: 'salary', name: NAMES.dailySalary },
  { kind: 'hourly_salary', side: 'any', txTypeId: 6202, group: 'hourly_salary', name: NAMES.hourlySalary },
  { kind: 'realtime_salary', side: 'any', txTypeId: 6203, group: 'salary', name: NAMES.realtimeSalary },
  { kind: 'invitation_reward', side: 'any', txTypeId: 6301, group: 'bonus', name: name('Invitation reward', 'আমন্ত্রণ পুরস্কার', '邀请奖励', 'Hadiah undangan', 'รางวัลการชวนเพื่อน', '邀請獎勵', 'Thưởng mời bạn') },
  { kind: 'referral_deposit_rebate', side: 'any', txTypeId: 6302, group: 'bonus', name: name("Friends' deposit rebate", 'বন্ধুদের জমার রিবেট', '好友充值返利', 'Rabat deposit teman', 'เงินคืนจากการฝากของเพื่อน', '好友儲值返利', 'Hoàn trả nạp tiền của bạn bè') },
  { kind: 'referral_bet_rebate', side: 'any', txTypeId: 6303, group: 'bonus', name: name("Friends' betting rebate", 'বন্ধুদের বাজির রিবেট', '好友投注返利', 'Rabat taruhan teman', 'เงินคืนจากการเดิมพันของเพื่อน', '好友投注返利', 'Hoàn trả cược của bạn bè') },
  { kind: 'referral_achievement', side: 'any', txTypeId: 6304, group: 'bonus', name: name('Invitation achievement', 'আমন্ত্রণ অর্জন', '邀请成就奖金', 'Pencapaian undangan', 'รางวัลความสำเร็จการชวนเพื่อน', '邀請成就獎金', 'Thành tích mời bạn') },
  { kind: 'downline_transfer', side: 'debit', txTypeId: 8401, group: 'transfer', name: NAMES.transferToDownline },
  { kind: 'downline_transfer', side: 'credit', txTypeId: 8402, group: 'transfer', name: NAMES.transferFromUpline },
  { kind: 'red_envelope', side: 'debit', txTypeId: 8501, group: 'transfer', name: NAMES.redEnvelopeSent },
  { kind: 'red_envelope', side: 'credit', txTypeId: 8502, group: 'transfer', name: NAMES.redEnvelopeReceived },
  { kind: 'point_earn', side: 'any', txTypeId: 7001, group: 'bonus', name: name('Points earned', 'পয়েন্ট অর্জিত', '获得积分', 'Poin diperoleh', 'ได้รับคะแนน', '獲得積分', 'Điểm nhận được') },
  { kind: 'point_redeem', side: 'any', txTypeId: 7002, group: 'bonus', name: name('Points redeemed', 'পয়েন্ট রিডিম', '积分兑换', 'Poin ditukar', 'แลกคะแนน', '積分兌換', 'Đổi điểm') },
  { kind: 'point_convert', side: 'any', txTypeId: 7003, group: 'bonus', name: name('Points converted', 'পয়েন্ট রূপান্তর', '积分转换', 'Poin dikonversi', 'แปลงคะแนน', '積分轉換', 'Quy đổi điểm') },
  { kind: 'point_adjustment', side: 'credit', txTypeId: 7004, group: 'adjustment', name: name('Points adjustment (credit)', 'পয়েন্ট সমন্বয় (জমা)', '积分调整（增加）', 'Penyesuaian poin (kredit)', 'ปรับคะแนน (เพิ่ม)', '積分調整（增加）', 'Điều chỉnh điểm (cộng)') },
  { kind: 'point_adjustment', side: 'debit', txTypeId: 7005, group: 'adjustment', name: name('Points adjustment (debit)', 'পয়েন্ট সমন্বয় (কর্তন)', '积分调整（扣除）', 'Penyesuaian poin (debit)', 'ปรับคะแนน (หัก)', '積分調整（扣除）', 'Điều chỉnh điểm (trừ)') },
  { kind: 'point_promotion', side: 'any', txTypeId: 7006, group: 'bonus', name: name('Points from a promotion', 'প্রচার থেকে পয়েন্ট', '活动积分', 'Poin dari promosi', 'คะแนนจากโปรโมชั่น', '活動積分', 'Điểm từ khuyến mãi') },
  { kind: 'point_mall_credit', side: 'any', txTypeId: 7101, group: 'bonus', name: name('Point mall credit', 'পয়েন্ট মল ক্রেডিট', '积分商城奖金', 'Kredit mal poin', 'เครดิตจากร้านแลกคะแนน', '積分商城獎金', 'Tiền từ cửa hàng điểm') },
  { kind: 'point_mall_bonus', side: 'any', txTypeId: 7102, group: 'bonus', name: name('Point mall bonus', 'পয়েন্ট মল বোনাস', '积分商城红利', 'Bonus mal poin', 'โบนัสจากร้านแลกคะแนน', '積分商城紅利', 'Thưởng từ cửa hàng điểm') },
];

/** Movements of a kind the table does not name. */
export const OTHER_TX_TYPE_ID = 9999;

/** Kinds whose rows are transfers between the member's own wallets: the remark names the wallets. */
const TRANSFER_KINDS = new Set(['wallet_transfer', 'wallet_return']);

/** Kinds the game-provider module posts for a vendor's transactions: the remark names the game and round. */
const GAME_KINDS = new Set(['game_bet', 'game_win', 'game_rollback']);

const KNOWN_KINDS = [...new Set(TRANSACTION_TYPES.map((type) => type.kind))];

function typeOf(kind: string, amountMinor: number): TransactionType | undefined {
  const side: PostingSide = amountMinor > 0 ? 'credit' : 'debit';
  return TRANSACTION_TYPES.find((type) => type.kind === kind && (type.side === 'any' || type.side === side));
}

export interface RecordsQuery {
  merchantId: number;
  memberId: number;
  startTime: number;
  endTime: number;
  /** Filter groups (TRANSACTION_CODE_TYPES); all when absent or empty. */
  codeTypes?: readonly TransactionCodeType[];
  /** Type ids; all when absent or empty. */
  txTypeIds?: readonly number[];
  page: number;
  size: number;
  language: MessageLanguage;
  /** REAL (default): the money wallets; POINT: the points account, amounts in whole points. */
  unit?: 'REAL' | 'POINT';
}

/** The (kind, side) pairs a filter keeps, and whether it keeps kinds the table does not name. */
function filterOf(codeTypes: readonly TransactionCodeType[] | undefined, txTypeIds: readonly number[] | undefined): queries.RecordsFilter | undefined {
  const byGroup = codeTypes && codeTypes.length > 0 ? new Set<string>(codeTypes) : undefined;
  const byId = txTypeIds && txTypeIds.length > 0 ? new Set(txTypeIds) : undefined;
  if (!byGroup && !byId) return undefined;
  const kept = TRANSACTION_TYPES.filter((type) => (!byGroup || byGroup.has(type.group)) && (!byId || byId.has(type.txTypeId)));
  return {
    kinds: kept.map((type) => type.kind),
    signs: kept.map((type) => (type.side === 'credit' ? 1 : type.side === 'debit' ? -1 : 0)),
    otherKinds: (!byGroup || byGroup.has('other')) && (!byId || byId.has(OTHER_TX_TYPE_ID)),
    knownKinds: KNOWN_KINDS,
  };
}

/** A comma list of the query string ('deposit,transfer') as its items; empty for none. */
export const commaList = (value: string | undefined): string[] => (value ? value.split(',').filter(Boolean) : []);

/**
 * One page of the member's records over [startTime, endTime], with the total over the whole
 * filtered period. Only the member's own wallets are read: the member and merchant come from the
 * session, never from the request. A period longer than 29 days, or ending before it starts, is
 * refused (records.period.invalid).
 */
export async function memberTransactions(db: Db, query: RecordsQuery): Promise<MemberTransactions> {
  if (query.endTime < query.startTime || query.endTime - query.startTime > RECORDS_MAX_RANGE_MS) throw new AppError(400, 'records.period.invalid');
  const [page, vendorNames] = await Promise.all([
    queries.selectMemberPostings(db, {
      merchantId: query.merchantId,
      memberId: query.memberId,
      fromMs: query.startTime,
      toMs: query.endTime,
      filter: filterOf(query.codeTypes, query.txTypeIds),
      limit: query.size,
      offset: (query.page - 1) * query.size,
      unit: query.unit,
    }),
    queries.selectVendorNames(db, query.merchantId),
  ]);
  const gameTransactionIds = page.rows.filter((row) => GAME_KINDS.has(row.kind)).map((row) => row.transactionId);
  const gameRounds = gameTransactionIds.length > 0 ? await queries.selectGameRoundsOf(db, query.merchantId, gameTransactionIds, query.language) : new Map();
  const walletName = (gameVendorId: number | null): string => {
    if (gameVendorId === null) return NAMES.mainWallet[query.language];
    const vendor = vendorNames.get(gameVendorId);
    return vendor?.displayNames[query.language] ?? vendor?.name ?? String(gameVendorId);
  };
  // Points are whole units (one point per unit of balance_minor): shown as they are.
  const shown = query.unit === 'POINT' ? (units: number) => units : minorToMajor;
  return {
    list: page.rows.map((row) => {
      const type = typeOf(row.kind, row.amountMinor);
      let remark = row.remark ?? '';
      if (!row.remark && TRANSFER_KINDS.has(row.kind)) {
        const own = walletName(row.gameVendorId);
        const others = row.counterpartVendorIds.map(walletName).join(', ');
        remark = row.amountMinor < 0 ? `${own} → ${others}` : `${others} → ${own}`;
      }
      const gameRound = GAME_KINDS.has(row.kind) ? gameRounds.get(row.transactionId) : undefined;
      if (gameRound) remark = `${gameRound.gameName} · ${gameRound.vendorRoundId}`;
      return {
        txTypeId: type?.txTypeId ?? OTHER_TX_TYPE_ID,
        txTypeName: (type?.name ?? NAMES.other)[query.language],
        txTimeInTimestamp: row.createdAtMs,
        amount: shown(row.amountMinor),
        currentAvailBalance: shown(row.balanceAfterMinor),
        orderNo: row.orderNo ?? String(row.transactionId),
        remark,
        accountTypeId: row.gameVendorId ?? MAIN_WALLET_ACCOUNT_TYPE_ID,
      };
    }),
    totalPages: Math.ceil(page.total / query.size),
    footer: { amount: shown(page.sumMinor) },
  };
}
