import { REGISTRATION_BANKS, type Promotion, type SiteSettings, type UserInfo } from '@sabai/contracts';
import type { TransactionRow, WalletBalance } from '../lib/wallet-types.ts';

/**
 * Wire data for component tests, in the contract's shapes (the API client checks them with the
 * contract schemas, so a fixture that drifts from the contract fails loudly).
 */
export const promotionFixture: Promotion = {
  _id: 'welcome-100',
  title: 'สมาชิกใหม่ รับโบนัส 100%',
  ImageUrl: null,
  description: null,
  minimumDeposit: 100,
  DepositType: 1,
  BonusAmount: 1,
  MaxBonus: 1000,
  MaxBonusType: 0,
  TurnoverType: 1,
  TurnoverAmount: 5,
  MaxWithdrawAmount: 10,
  MaxWithdrawType: 1,
  startsAt: '2026-01-01T00:00:00.000Z',
  endsAt: null,
};

export const settingsFixture: SiteSettings = {
  appId: 'test-app-id',
  siteName: 'Sabai',
  LineId: '@sabai.demo',
  logoUrl: '/static/brand/logo.svg',
  theme: { primaryColor: '#e8c15a', secondaryColor: '#1c1a14', backgroundColor: '#0d0c09', textColor: '#f6f1e3' },
  alertyImage: null,
  alertyMessage: null,
  cashBack: { usecashBack: true, Payout: 5, minWithdraw: 1, Image: null },
  Affiliate: {
    useAffiliate: true,
    minWithdraw: 100,
    turnover: 1,
    Image: null,
    level1: { enable: true, percent: 5 },
    level2: { enable: true, percent: 2 },
    autoWithdraw: { useautoWithdraw: true, maxautoWithdraw: 1000 },
  },
  Withdraw: { canWithdraw: true, minWithdraw: 100, maxWithdraw: 50_000, autoWithdraw: 5_000 },
  Promotion: [promotionFixture],
  Maintenance: false,
  Disabled: false,
  Partner: 'Sabai Games',
  Product: ['LIVECASINO', 'EGAMES'],
  getNameBank: REGISTRATION_BANKS.map(({ logoFile, ...bank }) => ({ ...bank, logo: `/static/banks/${logoFile}` })),
};

export function userFixture(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    PhoneNumber: '0812345678',
    BankAccount: '0401234567',
    BankCode: '004',
    regisdate: '2026-11-22T07:30:55.000Z',
    ItemCode: [],
    totalDeposit: 7000,
    totalWithdraw: 200,
    affiliateKey: 'AB12CD34',
    GameInfo: { username: 'sbiab12cd34', password: '', Partner: 'Sabai Games' },
    userRank: { userRank: 'silver', userExp: 0 },
    internalWallet: { mainWallet: 1208.88, gameWallet: 0, affiliateWallet: 0, cashbackWallet: 0, residualWallet: 0, prizeWallet: 70, spinWallet: 0 },
    userName: { firstName: 'สมชาย', lastName: 'ใจดี', fullName: 'สมชาย ใจดี' },
    BonusInfo: {
      bonusId: null,
      isBonus: false,
      TurnoverType: 0,
      needTurnover: 0,
      nowTurnover: 0,
      maxWithdrawType: 0,
      maxWithdrawAmount: 0,
      reviceDate: null,
      DepositAmount: 0,
    },
    ...overrides,
  };
}

export function balanceFixture(overrides: Partial<WalletBalance> = {}): WalletBalance {
  return {
    mainWallet: 1208.88,
    gameWallet: 300,
    affiliateWallet: 150,
    cashbackWallet: 25,
    residualWallet: 0,
    prizeWallet: 70,
    spinWallet: 0,
    pendingWithdraw: 0,
    ledgerGameWallet: 500,
    gameWalletSource: 'partner',
    gameWalletReadAt: '2026-11-22T07:30:55.000Z',
    ...overrides,
  };
}

export function withdrawRow(overrides: Partial<TransactionRow> = {}): TransactionRow {
  return { id: 'wdr_6yez6gqbzmv9g4p0dklu', Amount: 6000, createdAt: '2026-11-22T07:30:55.000Z', Status: 3, TransType: 'WITHDRAW', reference: null, ...overrides };
}
