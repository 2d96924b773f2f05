import { CHANNEL_LOGOS, type SiteSettings } from '@sabai/contracts';
import type { DepositChannel } from '../../lib/wallet-types.ts';

type Bank = SiteSettings['getNameBank'][number];

/**
 * A house account as the deposit views show it (spec dialogs 7–9). For a mobile-wallet channel
 * (no BankCode from the server) the client sets Channel, BankCode (the wallet code) and BankName
 * (spec §3), and the account is the wallet's phone number.
 */
export interface HouseAccount {
  id: string;
  Channel: 'BANK' | 'TRUEMONEY';
  BankCode: string;
  BankName: string;
  accountNumber: string;
  fullName: string;
  logoUrl: string | null;
  shortName: string;
  color: string;
}

export const TRUEMONEY_CODE = 'TRUEMONEY';
export const TRUEMONEY_NAME = 'ทรูมันนี่ วอลเล็ท';
const TRUEMONEY_COLOR = '#f47b20';
/** Where the API serves bank and channel logos. */
const LOGO_PATH = '/static/banks/';

export interface SplitChannels {
  walletChannels: HouseAccount[];
  bankChannels: HouseAccount[];
  allChannels: HouseAccount[];
}

/** Spec §7 `info/deposit`: split into wallet channels, bank channels and all, in the server's order. */
export function splitDepositChannels(channels: readonly DepositChannel[], banks: readonly Bank[] = []): SplitChannels {
  const allChannels = channels.map((channel) => toHouseAccount(channel, banks));
  return {
    walletChannels: allChannels.filter((account) => account.Channel === 'TRUEMONEY'),
    bankChannels: allChannels.filter((account) => account.Channel === 'BANK'),
    allChannels,
  };
}

function toHouseAccount(channel: DepositChannel, banks: readonly Bank[]): HouseAccount {
  if (!channel.BankCode) {
    return {
      id: channel.id,
      Channel: 'TRUEMONEY',
      BankCode: TRUEMONEY_CODE,
      BankName: TRUEMONEY_NAME,
      accountNumber: channel.phoneNumber || channel.BankAccount,
      fullName: channel.fullName,
      logoUrl: `${LOGO_PATH}${CHANNEL_LOGOS.truemoney}`,
      shortName: 'TrueMoney',
      color: TRUEMONEY_COLOR,
    };
  }
  const bank = banks.find((entry) => entry.code === channel.BankCode);
  return {
    id: channel.id,
    Channel: 'BANK',
    BankCode: channel.BankCode,
    BankName: bank?.officialName ?? channel.BankCode,
    accountNumber: channel.BankAccount,
    fullName: channel.fullName,
    logoUrl: bank?.logo ?? null,
    shortName: bank?.shortName ?? channel.BankCode,
    color: bank?.color ?? '#555555',
  };
}
