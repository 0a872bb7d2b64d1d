import type { Envelope, MemberProfile } from '@platform/contract';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { codeIn, lastMessageTo, outboxFor } from '../notification/outbox.testing';
import { createMember, encryptedInject, MINUTE, TestClock, tokenFor } from './member.testing';

// "My Account" (securityCenter): the profile, its edits (nickname, real name, birthday), and
// binding a mobile number (SMS code + password) or an e-mail address (password). Each rule of
// profile.service.ts, with the attacks it stops: someone else's number, a code sent to another
// number, a set real name changed, a stolen session without the password.

const clock = new TestClock();
let context: TestContext;
let counter = 0;
const nextIp = () => `198.18.7.${++counter % 250}`;
const nextUsername = () => `prof${String(++counter).padStart(4, '0')}`;
/** A Bangladeshi national number (10 digits, no trunk zero) no other test uses. */
const nextNumber = () => `17${String(10_000_000 + ++counter).slice(-8)}`;
const PASSWORD = 'secret123';

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now });
});

afterAll(async () => {
  await context.close();
});

interface TestMember {
  id: number;
  username: string;
  token: string;
}

async function newMember(options: { mobile?: string; email?: string } = {}): Promise<TestMember> {
  const username = nextUsername();
  const id = await createMember(context.pool, context.merchantId, {
    username,
    password: PASSWORD,
    nowMs: clock.nowMs,
    ...(options.mobile ? { countryDialingCode: '+880', mobile: options.mobile } : {}),
  });
  if (options.email) await context.pool.query('UPDATE member SET email = $2 WHERE id = $1', [id, options.email]);
  return { id, username, token: await tokenFor(context.app, username, PASSWORD, nextIp()) };
}

const headersOf = (token: string, language?: string) => ({ authorization: token, ...(language ? { language } : {}) });

const getProfile = (token: string) => context.app.inject({ method: 'GET', url: '/wps/relay/getMemberInfoV2', headers: headersOf(token) });

const update = (token: string, payload: Record<string, unknown>, language?: string) =>
  context.app.inject({ method: 'POST', url: '/wps/relay/updateMemberInfo', headers: headersOf(token, language), payload });

const sendCode = (token: string, payload: Record<string, unknown>, ip = nextIp()) =>
  context.app.inject({ method: 'POST', url: '/wps/relay/bind_send_verification_sms', headers: headersOf(token), payload, remoteAddress: ip });

const bindMobile = (token: string, payload: Record<string, unknown>, language?: string) =>
  encryptedInject(context.app, 'POST', '/wps/relay/bind_verify_verification_sms', payload, { headers: headersOf(token, language) });

const bindEmail = (token: string, payload: Record<string, unknown>, language?: string) =>
  encryptedInject(context.app, 'POST', '/wps/relay/bindEmail', payload, { headers: headersOf(token, language) });

function failureOf(response: { statusCode: number; body: string }) {
  const body = json<Envelope<{ field?: string } | null>>(response as never);
  return { status: response.statusCode, errorCode: body.errorCode, field: body.value?.field };
}

async function profileOf(member: TestMember): Promise<MemberProfile> {
  const response = await getProfile(member.token);
  expect(response.statusCode).toBe(200);
  return json<Envelope<MemberProfile>>(response).value;
}

/** The stored columns, as an operator sees them. */
async function storedOf(memberId: number) {
  const result = await context.pool.query<{ nickname: string | null; payee_name: string | null; birthday: string | null; mobile_e164: string | null; email: string | null }>(
    "SELECT nickname, payee_name, to_char(birthday, 'YYYY-MM-DD') AS birthday, mobile_e164, email FROM member WHERE id = $1",
    [memberId],
  );
  return result.rows[0];
}

/** Sends a bind code to +880<number> and reads it from the outbox. */
async function codeSentTo(member: TestMember, number: string): Promise<string> {
  const sent = await sendCode(member.token, { countryDialingCode: '+880', mobileNum: number });
  expect(sent.statusCode).toBe(200);
  expect(json<Envelope<{ expiredMinutes: number; expirationTime: number }>>(sent).value).toEqual({ expiredMinutes: 5, expirationTime: clock.nowMs + 5 * MINUTE });
  return codeIn((await lastMessageTo(context.pool, `+880${number.replace(/^0+/, '')}`)).body);
}

describe('GET /wps/relay/getMemberInfoV2', () => {
  it('answers the profile with the mobile number and e-mail masked, and whether a payment password is set', async () => {
    const number = nextNumber();
    const member = await newMember({ mobile: number, email: 'player.one@example.com' });
    expect(await profileOf(member)).toEqual({
      account: member.username,
      nickname: null,
      payeeName: null,
      email: 'pl***@example.com',
      bindEmail: true,
      mobile: `${number.slice(0, 3)}*****${number.slice(-2)}`,
      countryDialingCode: '+880',
      bindMobile: true,
      birthday: null,
      regDate: clock.nowMs,
      lastLogin: clock.nowMs,
      hasPaymentPassword: false,
    });
    await context.pool.query("UPDATE member SET payment_password_hash = '$argon2id$v=19$m=19456,t=2,p=1$x$y' WHERE id = $1", [member.id]);
    expect((await profileOf(member)).hasPaymentPassword).toBe(true);
  });

  it('needs a session of a real account', async () => {
    expect(failureOf(await context.app.inject({ method: 'GET', url: '/wps/relay/getMemberInfoV2' })).status).toBe(401);
    const guest = await encryptedInject(context.app, 'POST', '/wps/session/login/freeplay', {});
    if (guest.statusCode === 200) {
      const guestToken = json<Envelope<{ token: string }>>(guest).value.token;
      expect(failureOf(await getProfile(guestToken))).toMatchObject({ status: 403, errorCode: 'guest.not.allowed' });
    }
  });
});

describe('POST /wps/relay/updateMemberInfo', () => {
  it('changes the nickname (trimmed, at most 20 characters; empty clears it)', async () => {
    const member = await newMember();
    const changed = await update(member.token, { nickname: '  Lucky Tiger  ' });
    expect(changed.statusCode).toBe(200);
    expect(json<Envelope<MemberProfile>>(changed).value.nickname).toBe('Lucky Tiger');
    expect(failureOf(await update(member.token, { nickname: 'x'.repeat(21) }))).toEqual({ status: 400, errorCode: 'nickname.format.err', field: 'nickname' });
    expect(failureOf(await update(member.token, { nickname: 'evil\u202Eeman' }))).toMatchObject({ errorCode: 'nickname.format.err' });
    // 20 characters of another script count as 20, not as their UTF-8 bytes.
    expect((await update(member.token, { nickname: 'লাকি'.repeat(2) })).statusCode).toBe(200);
    expect((await storedOf(member.id)).nickname).toBe('লাকিলাকি');
    expect(json<Envelope<MemberProfile>>(await update(member.token, { nickname: '' })).value.nickname).toBeNull();
  });

  it('refuses a real name that is not letters and spaces', async () => {
    const member = await newMember();
    for (const payeeName of ['Rahim 2', 'R', 'Rahim_Khan', '<script>', 'x'.repeat(51), '   ']) {
      expect(failureOf(await update(member.token, { payeeName }))).toEqual({ status: 400, errorCode: 'real.name.format.err', field: 'payeeName' });
    }
    // Letters of any script, with their combining marks; runs of spaces become one.
    const set = await update(member.token, { payeeName: '  রহিম   খান ' });
    expect(set.statusCode).toBe(200);
    expect(json<Envelope<MemberProfile>>(set).value.payeeName).toBe('রহিম খান');
  });

  it('sets the real name once: changing it afterwards is refused and changes nothing (attack: redirecting withdrawals)', async () => {
    const member = await newMember();
    expect((await update(member.token, { payeeName: 'Rahim Khan' })).statusCode).toBe(200);
    const changed = await update(member.token, { payeeName: 'Karim Mia', nickname: 'sneaky' });
    expect(failureOf(changed)).toEqual({ status: 400, errorCode: 'real.name.locked', field: 'payeeName' });
    expect(json<Envelope<null>>(changed).message).toBe('Your real name is already set and cannot be changed; please contact customer service');
    expect(await storedOf(member.id)).toMatchObject({ payee_name: 'Rahim Khan', nickname: null });
    // Sending the name already set is not a change.
    expect((await update(member.token, { payeeName: 'Rahim Khan', nickname: 'ok' })).statusCode).toBe(200);
    expect(await storedOf(member.id)).toMatchObject({ payee_name: 'Rahim Khan', nickname: 'ok' });
  });

  it('lets only one of two real names sent at the same moment be set', async () => {
    const member = await newMember();
    const names = ['Rahim Khan', 'Karim Mia', 'Abdul Alim', 'Nasir Uddin', 'Jamal Hossain', 'Kamal Hasan'];
    const answers = await Promise.all(names.map((payeeName) => update(member.token, { payeeName })));
    const accepted = answers.filter((answer) => answer.statusCode === 200);
    expect(accepted).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode !== 200).map((answer) => failureOf(answer).errorCode)).toEqual(
      Array(names.length - 1).fill('real.name.locked'),
    );
    expect((await storedOf(member.id)).payee_name).toBe(json<Envelope<MemberProfile>>(accepted[0]).value.payeeName);
  });

  it('takes a birthday as yyyy-MM-dd of someone at least 21, once', async () => {
    // The test clock is 2025-01-15.
    const member = await newMember();
    for (const birthday of ['2000/01/01', '01-15-2000', '2001-02-29', '2000-13-01', '1899-12-31', 'yesterday']) {
      expect(failureOf(await update(member.token, { birthday }))).toEqual({ status: 400, errorCode: 'birthday.format.err', field: 'birthday' });
    }
    const young = await update(member.token, { birthday: '2004-01-16' });
    expect(failureOf(young)).toEqual({ status: 400, errorCode: 'birthday.under.age', field: 'birthday' });
    expect(json<Envelope<null>>(young).message).toBe('Please confirm you are 21 years old');
    expect(failureOf(await update(member.token, { birthday: '2030-01-01' })).errorCode).toBe('birthday.under.age');
    // 21 today.
    expect(json<Envelope<MemberProfile>>(await update(member.token, { birthday: '2004-01-15' })).value.birthday).toBe('2004-01-15');
    expect(failureOf(await update(member.token, { birthday: '1990-05-05' }))).toEqual({ status: 400, errorCode: 'birthday.locked', field: 'birthday' });
    expect((await storedOf(member.id)).birthday).toBe('2004-01-15');
  });

  it('checks every field before writing any: one refusal changes nothing', async () => {
    const member = await newMember();
    expect(failureOf(await update(member.token, { nickname: 'fine', payeeName: 'Rahim Khan', birthday: '2010-01-01' })).errorCode).toBe('birthday.under.age');
    expect(await storedOf(member.id)).toMatchObject({ nickname: null, payee_name: null, birthday: null });
  });

  it.each([
    ['EN', 'Please confirm you are 21 years old'],
    ['BN', 'অনুগ্রহ করে নিশ্চিত করুন যে আপনার বয়স ২১ বছর'],
    ['CN', '请确认您已年满 21 岁'],
    ['ID', 'Harap pastikan Anda sudah berusia 21 tahun'],
    ['TH', 'โปรดยืนยันว่าคุณมีอายุ 21 ปีบริบูรณ์'],
    ['TY', '請確認您已年滿 21 歲'],
    ['VI', 'Vui lòng xác nhận bạn đã đủ 21 tuổi'],
  ])('words its refusals in the caller\'s language (%s)', async (language, message) => {
    const member = await newMember();
    expect(json<Envelope<null>>(await update(member.token, { birthday: '2015-06-01' }, language)).message).toBe(message);
  });

  it('ignores fields it does not take, and refuses oversized or mistyped values with a 400, never a 500', async () => {
    const member = await newMember();
    expect((await update(member.token, { mobile: '1711111111', email: 'x@example.com' })).statusCode).toBe(200);
    expect(await storedOf(member.id)).toMatchObject({ mobile_e164: null, email: null });
    expect(failureOf(await update(member.token, { payeeName: 'a'.repeat(10_000) })).status).toBe(400);
    expect(failureOf(await update(member.token, { birthday: { year: 1990 } })).status).toBe(400);
  });
});

describe('binding a mobile number', () => {
  it('sends a code to the number, binds it with the code and the password, and tells the previous number', async () => {
    const previous = nextNumber();
    const member = await newMember({ mobile: previous });
    const number = nextNumber();
    const code = await codeSentTo(member, `0${number}`);
    // Without a Language header, in the site's default language (Bengali).
    expect((await lastMessageTo(context.pool, `+880${number}`)).body).toContain('এই নম্বরটি আপনার অ্যাকাউন্টের সাথে যুক্ত করার কোড');

    const bound = await bindMobile(member.token, { countryDialingCode: '+880', mobileNum: `0${number}`, verificationCode: code, password: PASSWORD });
    expect(bound.statusCode).toBe(200);
    expect(json<Envelope<MemberProfile>>(bound).value).toMatchObject({ bindMobile: true, countryDialingCode: '+880', mobile: `${number.slice(0, 3)}*****${number.slice(-2)}` });
    expect((await storedOf(member.id)).mobile_e164).toBe(`+880${number}`);
    expect((await lastMessageTo(context.pool, `+880${previous}`)).body).toContain(`${member.username} অ্যাকাউন্টের মোবাইল নম্বরটি অন্য একটি নম্বরে পরিবর্তন করা হয়েছে`);

    // The code was used up.
    const again = await bindMobile(member.token, { countryDialingCode: '+880', mobileNum: number, verificationCode: code, password: PASSWORD });
    expect(failureOf(again)).toEqual({ status: 400, errorCode: 'mobile.already.bound', field: 'mobileNum' });
  });

  it("refuses someone else's number at send and at bind, and sends that number nothing (attack: taking over its SMS login)", async () => {
    const victimNumber = nextNumber();
    await newMember({ mobile: victimNumber });
    const attacker = await newMember();
    const before = (await outboxFor(context.pool, `+880${victimNumber}`)).length;
    expect(failureOf(await sendCode(attacker.token, { countryDialingCode: '+880', mobileNum: victimNumber }))).toEqual({
      status: 400,
      errorCode: 'exists.mobile.err',
      field: 'mobileNum',
    });
    expect(await outboxFor(context.pool, `+880${victimNumber}`)).toHaveLength(before);
    const guessed = await bindMobile(attacker.token, { countryDialingCode: '+880', mobileNum: victimNumber, verificationCode: '123456', password: PASSWORD });
    expect(failureOf(guessed)).toEqual({ status: 400, errorCode: 'exists.mobile.err', field: 'mobileNum' });
    expect((await storedOf(attacker.id)).mobile_e164).toBeNull();
  });

  it('never binds a number with a code sent to another number', async () => {
    const member = await newMember();
    const own = nextNumber();
    const other = nextNumber();
    const code = await codeSentTo(member, own);
    const wrongNumber = await bindMobile(member.token, { countryDialingCode: '+880', mobileNum: other, verificationCode: code, password: PASSWORD });
    expect(failureOf(wrongNumber)).toEqual({ status: 400, errorCode: 'sms.code.invalid', field: 'verificationCode' });
    // Another country's number with the same digits is another number too.
    const otherCountry = await bindMobile(member.token, { countryDialingCode: '+91', mobileNum: own, verificationCode: code, password: PASSWORD });
    expect(failureOf(otherCountry).errorCode).toBe('sms.code.invalid');
    expect((await storedOf(member.id)).mobile_e164).toBeNull();
    // The code still binds the number it was sent to.
    expect((await bindMobile(member.token, { countryDialingCode: '+880', mobileNum: own, verificationCode: code, password: PASSWORD })).statusCode).toBe(200);
  });

  it('needs the current password, checked before the code so a stolen session cannot use it up (attack: stolen token)', async () => {
    const member = await newMember();
    const number = nextNumber();
    const code = await codeSentTo(member, number);
    const noPassword = await bindMobile(member.token, { countryDialingCode: '+880', mobileNum: number, verificationCode: code, password: '' });
    expect(failureOf(noPassword)).toEqual({ status: 400, errorCode: 'reg_field_required', field: 'password' });
    const wrong = await bindMobile(member.token, { countryDialingCode: '+880', mobileNum: number, verificationCode: code, password: 'guess1234' });
    expect(failureOf(wrong)).toEqual({ status: 400, errorCode: 'current.password.err', field: 'password' });
    expect((await storedOf(member.id)).mobile_e164).toBeNull();
    expect((await bindMobile(member.token, { countryDialingCode: '+880', mobileNum: number, verificationCode: code, password: PASSWORD })).statusCode).toBe(200);
  });

  it('locks password guessing after 5 wrong passwords, even for the right one', async () => {
    const member = await newMember();
    const number = nextNumber();
    const code = await codeSentTo(member, number);
    for (let attempt = 0; attempt < 5; attempt++) {
      const answer = await bindMobile(member.token, { countryDialingCode: '+880', mobileNum: number, verificationCode: code, password: `wrong${attempt}xx` });
      expect(failureOf(answer).errorCode).toBe('current.password.err');
    }
    const right = await bindMobile(member.token, { countryDialingCode: '+880', mobileNum: number, verificationCode: code, password: PASSWORD });
    expect(failureOf(right)).toMatchObject({ status: 429, errorCode: 'TOO_MANY_REQUESTS' });
    expect((await storedOf(member.id)).mobile_e164).toBeNull();
  });

  it('retires a code after 5 wrong guesses', async () => {
    const member = await newMember();
    const number = nextNumber();
    const code = await codeSentTo(member, number);
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let attempt = 0; attempt < 5; attempt++) {
      const answer = await bindMobile(member.token, { countryDialingCode: '+880', mobileNum: number, verificationCode: wrongCode, password: PASSWORD });
      expect(failureOf(answer).errorCode).toBe('sms.code.invalid');
    }
    const right = await bindMobile(member.token, { countryDialingCode: '+880', mobileNum: number, verificationCode: code, password: PASSWORD });
    expect(failureOf(right).errorCode).toBe('sms.code.invalid');
  });

  it('throttles sends like every SMS: one a minute per number', async () => {
    const member = await newMember();
    const number = nextNumber();
    await codeSentTo(member, number);
    expect(failureOf(await sendCode(member.token, { countryDialingCode: '+880', mobileNum: number }))).toMatchObject({ status: 429, errorCode: 'sms.too.frequent' });
    clock.advance(MINUTE);
    await codeSentTo(member, number);
  });

  it('a login, registration or reset code of the number does not bind it', async () => {
    const member = await newMember();
    const number = nextNumber();
    // A registration code for the number (REGMOBVERF3 is asked through its own route; here written directly).
    await context.pool.query(
      `INSERT INTO verification_code (merchant_id, mobile, purpose, code_hash, salt, max_attempts, created_at, expires_at)
       VALUES ($1, $2, 'register', encode(sha256(convert_to('salt' || '424242', 'UTF8')), 'hex'), 'salt', 5, $3, $4)`,
      [context.merchantId, `+880${number}`, new Date(clock.nowMs), new Date(clock.nowMs + 5 * MINUTE)],
    );
    const answer = await bindMobile(member.token, { countryDialingCode: '+880', mobileNum: number, verificationCode: '424242', password: PASSWORD });
    expect(failureOf(answer).errorCode).toBe('sms.code.invalid');
  });

  it('refuses to move the number while SMS sign-in verification is on', async () => {
    const member = await newMember({ mobile: nextNumber() });
    await context.pool.query('INSERT INTO member_sms_two_factor (member_id, merchant_id, enabled_at) VALUES ($1, $2, $3)', [member.id, context.merchantId, new Date(clock.nowMs)]);
    expect(failureOf(await sendCode(member.token, { countryDialingCode: '+880', mobileNum: nextNumber() }))).toMatchObject({
      status: 400,
      errorCode: 'mobile.change.sms.verification.on',
    });
  });

  it('refuses malformed numbers and dialling codes the merchant does not offer', async () => {
    const member = await newMember();
    expect(failureOf(await sendCode(member.token, { countryDialingCode: '+880', mobileNum: '12ab' })).errorCode).toBe('mobile.format.err');
    expect(failureOf(await sendCode(member.token, { countryDialingCode: '+999', mobileNum: nextNumber() })).errorCode).toBe('invalid.country.code');
    expect(failureOf(await sendCode(member.token, { countryDialingCode: '+880', mobileNum: ' ' }))).toMatchObject({ status: 400, field: 'mobileNum' });
  });
});

describe('binding an e-mail address', () => {
  it('sets the address with the current password and tells the previous address', async () => {
    const member = await newMember({ email: 'old.address@example.com' });
    expect(failureOf(await bindEmail(member.token, { email: 'new@example.com', password: 'wrongpass1' }))).toEqual({
      status: 400,
      errorCode: 'current.password.err',
      field: 'password',
    });
    // The notice is in the language of the request that made the change.
    const bound = await bindEmail(member.token, { email: ' new.address@example.com ', password: PASSWORD }, 'EN');
    expect(bound.statusCode).toBe(200);
    expect(json<Envelope<MemberProfile>>(bound).value).toMatchObject({ email: 'ne***@example.com', bindEmail: true });
    expect((await storedOf(member.id)).email).toBe('new.address@example.com');
    const notice = await lastMessageTo(context.pool, 'old.address@example.com');
    expect(notice).toMatchObject({ channel: 'email', subject: 'Lucky Star: your e-mail address was changed' });
    expect(notice.body).toContain(`account ${member.username} was changed`);
  });

  it('refuses a malformed address', async () => {
    const member = await newMember();
    for (const email of ['not-an-address', 'a@b', 'two@@example.com', 'spa ce@example.com']) {
      expect(failureOf(await bindEmail(member.token, { email, password: PASSWORD }))).toEqual({ status: 400, errorCode: 'email.format.err', field: 'email' });
    }
    expect(failureOf(await bindEmail(member.token, { email: '', password: PASSWORD }))).toEqual({ status: 400, errorCode: 'reg_field_required', field: 'email' });
  });

  it("refuses an address another member uses, whatever its case (attack: taking over someone's e-mail reset)", async () => {
    await newMember({ email: 'Taken.Person@example.com' });
    const attacker = await newMember();
    expect(failureOf(await bindEmail(attacker.token, { email: 'taken.person@EXAMPLE.com', password: PASSWORD }))).toEqual({
      status: 400,
      errorCode: 'exists.email.err',
      field: 'email',
    });
    expect((await storedOf(attacker.id)).email).toBeNull();
  });

  it('gives one address to one of two members asking at the same moment', async () => {
    const [first, second] = await Promise.all([newMember(), newMember()]);
    const answers = await Promise.all([
      bindEmail(first.token, { email: 'race@example.com', password: PASSWORD }),
      bindEmail(second.token, { email: 'RACE@example.com', password: PASSWORD }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const holders = await context.pool.query("SELECT id FROM member WHERE lower(email) = 'race@example.com'");
    expect(holders.rowCount).toBe(1);
  });
});
