import type pg from 'pg';
import type { DividendTerms, RealtimeTerms, SalaryTerms } from '@platform/contract';
import type { MessageLanguage } from '../../i18n/messages';
import { MINOR_PER_MAJOR } from '../ledger';
import { sendMessage } from '../message';
import { messageLanguage } from '../notification';
import { dividendTierRate, tierRate, withinDividendTiers, withinTerms, withinTiers, type ContractKind } from './contract-terms';

// When an agent's contract of a kind ends or changes (ended by either side or by the merchant; a
// new one accepted, which may be lower than the one before), every contract of the kind below it
// in the tree is brought under it, top down: a contract whose upline holds none any more ends (a
// pending offer is rejected); one whose terms exceed its upline's (new) terms is capped to them,
// rate by rate (a dividend of another cycle ends). The payouts already never exceed the top's
// terms (wages.service.ts, the invariant); this keeps the contracts' rows saying what is paid.
// Each agent whose contract ended or was capped is told by platform message (sent after commit).

type AnyTerms = RealtimeTerms | SalaryTerms | DividendTerms;

export interface CascadeNotice {
  memberId: number;
  kind: ContractKind;
  outcome: 'ended' | 'capped';
}

type Rates = { profitRate: number; lossRate: number };
const rateOf = (terms: RealtimeTerms, game: string | undefined): Rates => (game !== undefined && terms.games?.[game]) || terms.default;
const lower = (a: Rates, b: Rates): Rates => ({ profitRate: Math.min(a.profitRate, b.profitRate), lossRate: Math.min(a.lossRate, b.lossRate) });

/** `child` capped to `parent` (null: it cannot stay under it and ends). */
export function capTerms(kind: ContractKind, child: AnyTerms, parent: AnyTerms): AnyTerms | null {
  if (kind === 'realtime') {
    const own = child as RealtimeTerms;
    const cap = parent as RealtimeTerms;
    const games = [...new Set([...Object.keys(own.games ?? {}), ...Object.keys(cap.games ?? {})])];
    const capped: RealtimeTerms = { default: lower(own.default, cap.default) };
    if (games.length > 0) capped.games = Object.fromEntries(games.map((game) => [game, lower(rateOf(own, game), rateOf(cap, game))]));
    return capped;
  }
  if (kind === 'dividend') {
    const own = child as DividendTerms;
    const cap = parent as DividendTerms;
    if (own.cycle !== cap.cycle) return null;
    return { ...own, tiers: own.tiers.map((tier) => ({ ...tier, rate: Math.min(tier.rate, dividendTierRate(cap, Math.max(1, Math.round(tier.loss * MINOR_PER_MAJOR)), tier.active)) })) };
  }
  const own = child as SalaryTerms;
  return { ...own, tiers: own.tiers.map((tier) => ({ ...tier, rate: Math.min(tier.rate, tierRate(parent as SalaryTerms, Math.round(tier.bet * MINOR_PER_MAJOR), tier.active)) })) };
}

const within = (kind: ContractKind, child: AnyTerms, parent: AnyTerms) =>
  kind === 'realtime'
    ? withinTerms(child as RealtimeTerms, parent as RealtimeTerms)
    : kind === 'dividend'
      ? withinDividendTiers(child as DividendTerms, parent as DividendTerms)
      : withinTiers(child as SalaryTerms, parent as SalaryTerms);

/**
 * Brings every pending or active contract of the kind below `agentId` under its terms in force
 * (`terms`; null: it holds none any more). Runs in the caller's transaction; returns who to tell.
 */
export async function cascadeContracts(client: pg.PoolClient, merchantId: number, kind: ContractKind, agentId: number, terms: AnyTerms | null, nowMs: number): Promise<CascadeNotice[]> {
  const below = await client.query<{ id: string; uplineId: string | null; downlineId: string; terms: AnyTerms; state: 'pending' | 'active' }>(
    `SELECT c.id, c.upline_id AS "uplineId", c.downline_id AS "downlineId", c.terms, c.state
       FROM agent_contract c JOIN member_tree t ON t.descendant_id = c.downline_id AND t.ancestor_id = $2 AND t.depth > 0
      WHERE c.merchant_id = $1 AND c.kind = $3 AND c.state IN ('pending', 'active')
      ORDER BY t.depth, c.id FOR UPDATE OF c`,
    [merchantId, agentId, kind],
  );
  const inForce = new Map<string, AnyTerms | null>([[String(agentId), terms]]);
  const notices: CascadeNotice[] = [];
  const now = new Date(nowMs);
  for (const row of below.rows) {
    const upline = row.uplineId === null ? null : (inForce.has(row.uplineId) ? inForce.get(row.uplineId)! : await termsInForce(client, kind, row.uplineId));
    const capped = upline === null ? null : within(kind, row.terms, upline) ? row.terms : capTerms(kind, row.terms, upline);
    if (row.uplineId === null) {
      inForce.set(row.downlineId, row.state === 'active' ? row.terms : null);
    } else if (capped === null) {
      await client.query(
        row.state === 'pending'
          ? "UPDATE agent_contract SET state = 'rejected', decided_at = $2 WHERE id = $1"
          : "UPDATE agent_contract SET state = 'terminated', terminated_at = $2, terminate_requested_by = NULL WHERE id = $1",
        [row.id, now],
      );
      inForce.set(row.downlineId, null);
      notices.push({ memberId: Number(row.downlineId), kind, outcome: 'ended' });
    } else {
      if (capped !== row.terms) {
        if (row.state === 'active') {
          // The capped terms are a new row from now on and the old one ends now, so a period that
          // ended before (settled late, with the contracts as they stood: salary.service.ts) is
          // still paid at the terms in force then; a termination asked of the old one carries over.
          await client.query("UPDATE agent_contract SET state = 'terminated', terminated_at = $2 WHERE id = $1", [row.id, now]);
          await client.query(
            `INSERT INTO agent_contract (merchant_id, kind, upline_id, downline_id, terms, state, requested_by, terminate_requested_by, created_at, decided_at)
             SELECT merchant_id, kind, upline_id, downline_id, $2, 'active', requested_by, terminate_requested_by, $3, $3 FROM agent_contract WHERE id = $1`,
            [row.id, JSON.stringify(capped), now],
          );
        } else {
          await client.query('UPDATE agent_contract SET terms = $2 WHERE id = $1', [row.id, JSON.stringify(capped)]);
        }
        notices.push({ memberId: Number(row.downlineId), kind, outcome: 'capped' });
      }
      inForce.set(row.downlineId, row.state === 'active' ? capped : null);
    }
  }
  return notices;
}

async function termsInForce(client: pg.PoolClient, kind: ContractKind, memberId: string): Promise<AnyTerms | null> {
  const found = await client.query<{ terms: AnyTerms }>("SELECT terms FROM agent_contract WHERE kind = $1 AND downline_id = $2 AND state = 'active'", [kind, memberId]);
  return found.rows[0]?.terms ?? null;
}

const KIND_NAMES: Record<ContractKind, Record<MessageLanguage, string>> = {
  realtime: { EN: 'real-time salary', BN: 'রিয়েল-টাইম বেতন', CN: '实时工资', ID: 'gaji real-time', TH: 'เงินเดือนแบบเรียลไทม์', TY: '即時工資', VI: 'lương thời gian thực' },
  daily: { EN: 'daily salary', BN: 'দৈনিক বেতন', CN: '日工资', ID: 'gaji harian', TH: 'เงินเดือนรายวัน', TY: '日工資', VI: 'lương ngày' },
  hourly: { EN: 'hourly salary', BN: 'ঘণ্টাভিত্তিক বেতন', CN: '小时工资', ID: 'gaji per jam', TH: 'เงินเดือนรายชั่วโมง', TY: '小時工資', VI: 'lương theo giờ' },
  dividend: { EN: 'dividend', BN: 'ডিভিডেন্ড', CN: '分红', ID: 'dividen', TH: 'เงินปันผล', TY: '分紅', VI: 'cổ tức' },
};

/** The notices' texts ({kind}: the contract's kind in the same language). */
export const CASCADE_TEXTS: Record<CascadeNotice['outcome'] | 'sender', Record<MessageLanguage, { subject: string; content: string }>> = {
  ended: {
    EN: { subject: 'Your {kind} contract has ended', content: 'Your {kind} contract has ended because your upline no longer holds a contract of this kind.' },
    BN: { subject: 'আপনার {kind} চুক্তি শেষ হয়েছে', content: 'আপনার আপলাইনের এই ধরনের কোনো চুক্তি আর নেই, তাই আপনার {kind} চুক্তি শেষ হয়েছে।' },
    CN: { subject: '您的{kind}契约已终止', content: '由于您的上级已不再持有此类契约，您的{kind}契约已终止。' },
    ID: { subject: 'Kontrak {kind} Anda telah berakhir', content: 'Kontrak {kind} Anda berakhir karena upline Anda tidak lagi memiliki kontrak jenis ini.' },
    TH: { subject: 'สัญญา{kind}ของคุณสิ้นสุดแล้ว', content: 'สัญญา{kind}ของคุณสิ้นสุดลง เนื่องจากอัปไลน์ของคุณไม่มีสัญญาประเภทนี้แล้ว' },
    TY: { subject: '您的{kind}契約已終止', content: '由於您的上級已不再持有此類契約，您的{kind}契約已終止。' },
    VI: { subject: 'Hợp đồng {kind} của bạn đã kết thúc', content: 'Hợp đồng {kind} của bạn đã kết thúc vì tuyến trên của bạn không còn hợp đồng loại này.' },
  },
  capped: {
    EN: { subject: 'Your {kind} contract has been lowered', content: 'Your upline’s {kind} terms were lowered: your contract’s rates above them now equal them.' },
    BN: { subject: 'আপনার {kind} চুক্তি কমানো হয়েছে', content: 'আপনার আপলাইনের {kind} শর্ত কমানো হয়েছে: আপনার চুক্তির যে হারগুলি তার চেয়ে বেশি ছিল সেগুলি এখন তার সমান।' },
    CN: { subject: '您的{kind}契约已下调', content: '您上级的{kind}条件已下调：您契约中高于它的比例现已与其相同。' },
    ID: { subject: 'Kontrak {kind} Anda telah diturunkan', content: 'Ketentuan {kind} upline Anda diturunkan: tarif kontrak Anda yang melebihinya kini sama dengannya.' },
    TH: { subject: 'สัญญา{kind}ของคุณถูกปรับลด', content: 'เงื่อนไข{kind}ของอัปไลน์ของคุณถูกปรับลด อัตราในสัญญาของคุณที่สูงกว่านั้นตอนนี้เท่ากับของอัปไลน์แล้ว' },
    TY: { subject: '您的{kind}契約已下調', content: '您上級的{kind}條件已下調：您契約中高於它的比例現已與其相同。' },
    VI: { subject: 'Hợp đồng {kind} của bạn đã bị giảm', content: 'Điều khoản {kind} của tuyến trên của bạn đã bị giảm: các mức trong hợp đồng của bạn cao hơn mức đó nay bằng mức đó.' },
  },
  sender: {
    EN: { subject: 'System', content: '' },
    BN: { subject: 'সিস্টেম', content: '' },
    CN: { subject: '系统', content: '' },
    ID: { subject: 'Sistem', content: '' },
    TH: { subject: 'ระบบ', content: '' },
    TY: { subject: '系統', content: '' },
    VI: { subject: 'Hệ thống', content: '' },
  },
};

/** Tells each agent of `notices` (after the change committed), in the site's language. */
export async function sendCascadeNotices(pool: pg.Pool, merchantId: number, notices: CascadeNotice[], nowMs: number): Promise<void> {
  if (notices.length === 0) return;
  const language = await messageLanguage(pool, merchantId, undefined);
  for (const notice of notices) {
    const text = CASCADE_TEXTS[notice.outcome][language];
    const kind = KIND_NAMES[notice.kind][language];
    await sendMessage(pool, {
      merchantId,
      to: { memberIds: [notice.memberId] },
      subject: text.subject.replaceAll('{kind}', kind),
      content: text.content.replaceAll('{kind}', kind),
      canReply: false,
      senderName: CASCADE_TEXTS.sender[language].subject,
      nowMs,
    });
  }
}
