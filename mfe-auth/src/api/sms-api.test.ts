import { api } from '@platform/shared';
import { smsNoLoginCall } from '@platform/shared/contract';
import { countdownDeadline, sendLoginCode } from './sms-api';

test('the countdown lasts 60 s times the minutes the code is valid', () => {
  expect(countdownDeadline({ expiredMinutes: 5 }, 1_000)).toBe(1_000 + 300_000);
  expect(countdownDeadline({}, 1_000)).toBe(1_000 + 60_000);
});

test('the login code is asked for with the dialling code and the national number', async () => {
  const call = jest.spyOn(api, 'call').mockResolvedValue({ expiredMinutes: 2, expirationTime: 0 } as never);
  const before = Date.now();
  const deadline = await sendLoginCode({ countryDialingCode: '+880', mobileNum: '1712345678' });
  expect(call).toHaveBeenCalledWith(smsNoLoginCall, { data: { countryDialingCode: '+880', mobileNo: '1712345678' } });
  expect(deadline - before).toBeGreaterThanOrEqual(120_000);
});
