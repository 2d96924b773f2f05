import { describe, expect, it } from 'vitest';
import { splitDepositChannels } from './channels.ts';

const KBANK = {
  code: '004',
  name: 'กสิกรไทย',
  officialName: 'ธนาคารกสิกรไทย',
  nameEn: 'Kasikornbank',
  shortName: 'KBANK',
  color: '#138f2d',
  logo: '/static/banks/KBANK.png',
};

describe('deposit channels (spec §3, §7)', () => {
  const channels = [
    { id: 'ch_1', type: 'BANK' as const, BankCode: '004', BankAccount: '0011535946', fullName: 'บจก. สบาย' },
    { id: 'ch_2', type: 'TRUEMONEY' as const, BankAccount: '0961234567', phoneNumber: '0961234567', fullName: 'สบาย วอลเล็ท' },
    { id: 'ch_3', type: 'BANK' as const, BankCode: '014', BankAccount: '1234567890', fullName: 'บจก. สบาย' },
  ];

  it('splits into wallet channels, bank channels and all, keeping the server order', () => {
    const { walletChannels, bankChannels, allChannels } = splitDepositChannels(channels, [KBANK]);
    expect(walletChannels.map((account) => account.id)).toEqual(['ch_2']);
    expect(bankChannels.map((account) => account.id)).toEqual(['ch_1', 'ch_3']);
    expect(allChannels.map((account) => account.id)).toEqual(['ch_1', 'ch_2', 'ch_3']);
  });

  it('treats a channel without BankCode as the mobile wallet and fills in Channel, BankCode and BankName', () => {
    const [wallet] = splitDepositChannels(channels).walletChannels;
    expect(wallet).toMatchObject({ Channel: 'TRUEMONEY', BankCode: 'TRUEMONEY', BankName: 'ทรูมันนี่ วอลเล็ท', accountNumber: '0961234567' });
    expect(wallet?.logoUrl).toBe('/static/banks/TrueMoney.png');
  });

  it('uses the wallet account when a wallet channel has no phone number', () => {
    const [wallet] = splitDepositChannels([{ id: 'w', type: 'TRUEMONEY', BankAccount: '0970000000', fullName: 'x' }]).walletChannels;
    expect(wallet?.accountNumber).toBe('0970000000');
  });

  it('names bank channels from the site bank table, and falls back to the code for unknown banks', () => {
    const [kbank, unknown] = splitDepositChannels(channels, [KBANK]).bankChannels;
    expect(kbank).toMatchObject({ Channel: 'BANK', BankCode: '004', BankName: 'ธนาคารกสิกรไทย', accountNumber: '0011535946', logoUrl: '/static/banks/KBANK.png' });
    expect(unknown).toMatchObject({ BankCode: '014', BankName: '014', logoUrl: null });
  });

  it('returns three empty lists for no channels', () => {
    expect(splitDepositChannels([])).toEqual({ walletChannels: [], bankChannels: [], allChannels: [] });
  });
});
