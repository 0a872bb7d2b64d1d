import { openSupportLink, supportLinkUrl, type BusCommand } from '@platform/shared';
import { encryptServicePath, recordCommands, serviceItem } from '@platform/shared/testing';
import { serviceItemsForRank } from './hooks/use-customer-service';
import { customerServiceLinks } from './hooks/use-service-entries';

function fakePopup() {
  return { close: jest.fn(), location: { href: '' }, opener: window as Window | null } as unknown as Window & { close: jest.Mock };
}

describe('openSupportLink', () => {
  it('opens a popup at once and sends it to the decrypted type-3 entry', async () => {
    const popup = fakePopup();
    const open = jest.spyOn(window, 'open').mockReturnValue(popup);
    const items = [
      serviceItem('https://t.me/lucky', { csType: 'TELEGRAM', title: 'Telegram', type: 1 }),
      serviceItem('https://chat.example.test/room?id=7'),
    ];
    const opened = openSupportLink(items);
    // The popup opens inside the click, before the decryption code has arrived.
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(popup.location.href).toBe('');
    await expect(opened).resolves.toBe(true);
    expect(popup.location.href).toBe('https://chat.example.test/room?id=7');
    expect(popup.opener).toBeNull();
    expect(popup.close).not.toHaveBeenCalled();
  });

  it.each([
    ['there is no type-3 entry', [serviceItem('https://t.me/lucky', { type: 1 })]],
    ['the path does not decrypt', [serviceItem(null)]],
    ['the decrypted address is not a web address', [{ csType: 'LIVECHAT' as const, title: 'x', type: 3, path: encryptServicePath('javascript:alert(1)') }]],
  ])('closes the popup and tells the player when %s', async (_case, items) => {
    const popup = fakePopup();
    jest.spyOn(window, 'open').mockReturnValue(popup);
    const { commands, stop } = recordCommands('toast');
    await expect(openSupportLink(items)).resolves.toBe(false);
    expect(popup.close).toHaveBeenCalled();
    expect(popup.location.href).toBe('');
    expect(commands).toEqual<BusCommand[]>([{ type: 'toast', level: 'error', message: 'Invalid URL, please contact customer service' }]);
    stop();
  });

  it('goes straight to the address when the browser blocked the blank popup', async () => {
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    await openSupportLink([serviceItem('https://chat.example.test/')]);
    expect(open).toHaveBeenLastCalledWith('https://chat.example.test/', '_blank', 'noopener,noreferrer');
  });
});

describe('customer-service entries', () => {
  it('are decrypted, and entries that fail to decrypt are left out', async () => {
    const links = await customerServiceLinks([
      serviceItem('https://facebook.com/lucky', { csType: 'FACEBOOK', title: 'Facebook', type: 1 }),
      serviceItem(null, { title: 'Broken' }),
      serviceItem('https://vip.example.test/', { csType: 'VIP', title: 'VIP', type: 2 }),
    ]);
    expect(links.map(({ title, url }) => [title, url])).toEqual([
      ['Facebook', 'https://facebook.com/lucky'],
      ['VIP', 'https://vip.example.test/'],
    ]);
    await expect(supportLinkUrl([serviceItem('https://a.example.test/')])).resolves.toBe('https://a.example.test/');
  });
});

describe('the VIP rank chooses customer service', () => {
  const live = serviceItem('https://chat.example.test/live');
  const vip = serviceItem('https://chat.example.test/vip', { csType: 'VIP', title: 'VIP Host', type: 4 });
  const telegram = serviceItem('https://t.me/lucky', { csType: 'TELEGRAM', title: 'Telegram', type: 2 });

  it('opens live chat up to level 4 (and for a member without a rank), and does not offer the VIP host', async () => {
    for (const rankLevel of [undefined, null, 0, 4]) {
      const items = serviceItemsForRank([live, vip, telegram], rankLevel);
      expect(items.map((item) => item.csType)).toEqual(['LIVECHAT', 'TELEGRAM']);
      await expect(supportLinkUrl(items)).resolves.toBe('https://chat.example.test/live');
    }
  });

  it('opens the VIP host above level 4', async () => {
    const items = serviceItemsForRank([live, vip, telegram], 5);
    expect(items.map((item) => item.csType)).toEqual(['VIP', 'LIVECHAT', 'TELEGRAM']);
    await expect(supportLinkUrl(items)).resolves.toBe('https://chat.example.test/vip');
  });

  it('keeps live chat above level 4 where the merchant has no VIP entry', async () => {
    await expect(supportLinkUrl(serviceItemsForRank([live, telegram], 7))).resolves.toBe('https://chat.example.test/live');
  });
});
