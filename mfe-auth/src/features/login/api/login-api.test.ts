import { api } from '@platform/shared';
import { freePlayLoginCall, smsNoLoginCall } from '@platform/contract';
import { logInForFreePlay, sendLoginCode } from './login-api';

test('the login code is asked for with the dialling code and the national number', async () => {
  const call = jest.spyOn(api, 'call').mockResolvedValue({ expiredMinutes: 2, expirationTime: 0 } as never);
  const before = Date.now();
  const deadline = await sendLoginCode({ countryDialingCode: '+880', mobileNum: '1712345678' });
  expect(call).toHaveBeenCalledWith(smsNoLoginCall, { data: { countryDialingCode: '+880', mobileNo: '1712345678' } });
  expect(deadline - before).toBeGreaterThanOrEqual(120_000);
});

test('free play is asked for encrypted (os, platform W, Encryption), as the server requires', async () => {
  const call = jest.spyOn(api, 'call').mockResolvedValue({ token: 't', firstTimeLogin: false, passwordExpired: false, userName: 'guest1', id: 1 } as never);
  await logInForFreePlay();
  expect(call).toHaveBeenCalledWith(freePlayLoginCall, { data: { os: expect.any(String), platform: 'W' } });
  expect(freePlayLoginCall.encrypted).toBe(true);
});
