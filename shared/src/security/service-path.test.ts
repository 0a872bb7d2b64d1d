import AES from 'crypto-js/aes';
import { decryptServicePath } from './service-path';

/** What the server sends: CryptoJS ciphertext of the URL, then the 8-character key. */
const encryptedPath = (url: string, key = 'k3Y-8chr') => AES.encrypt(url, key).toString() + key;

describe('decryptServicePath', () => {
  it('decrypts the URL with the last 8 characters as the key', () => {
    expect(decryptServicePath(encryptedPath('https://chat.example.com/support?id=7'))).toBe('https://chat.example.com/support?id=7');
    expect(decryptServicePath(encryptedPath('http://t.me/brand', 'AbCdEfGh'))).toBe('http://t.me/brand');
  });

  it('refuses anything that is not an http(s) URL', () => {
    expect(decryptServicePath(encryptedPath('javascript:alert(1)'))).toBeNull();
    expect(decryptServicePath(encryptedPath('data:text/html,<script>1</script>'))).toBeNull();
    expect(decryptServicePath(encryptedPath('not a url'))).toBeNull();
  });

  it('returns null when it does not decrypt', () => {
    const path = encryptedPath('https://chat.example.com/');
    expect(decryptServicePath(path.slice(0, -8) + 'wrongkey')).toBeNull();
    expect(decryptServicePath('garbage!!12345678')).toBeNull();
    expect(decryptServicePath('short')).toBeNull();
    expect(decryptServicePath('')).toBeNull();
    expect(decryptServicePath(null)).toBeNull();
  });
});
