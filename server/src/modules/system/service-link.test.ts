import CryptoJS from 'crypto-js';
import { decryptServicePath, encryptServicePath } from './service-link';

describe('customer-service link encryption', () => {
  const url = 'https://support.luckystar.example/livechat?lang=bn&x=ক';

  it('appends an 8-character alphanumeric key that decrypts the rest', () => {
    const path = encryptServicePath(url);
    expect(path.slice(-8)).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(CryptoJS.AES.decrypt(path.slice(0, -8), path.slice(-8)).toString(CryptoJS.enc.Utf8)).toBe(url);
    expect(decryptServicePath(path)).toBe(url);
  });

  it('never repeats itself for the same link', () => {
    const paths = new Set(Array.from({ length: 20 }, () => encryptServicePath(url)));
    expect(paths.size).toBe(20);
  });
});
