import { countdownDeadline } from './sms-api';

test('the countdown lasts 60 s times the minutes the code is valid', () => {
  expect(countdownDeadline({ expiredMinutes: 5 }, 1_000)).toBe(1_000 + 300_000);
  expect(countdownDeadline({}, 1_000)).toBe(1_000 + 60_000);
});
