import { z } from 'zod';
import { baht, envelope } from './envelope.ts';
import { promotion } from './promotions.ts';

/** One entry of `getNameBank` (spec §3 bank table). */
export const bankEntry = z
  .object({
    code: z.string().describe('three-digit Bank of Thailand code'),
    name: z.string().describe('short Thai name'),
    officialName: z.string(),
    nameEn: z.string(),
    shortName: z.string(),
    color: z.string(),
    logo: z.string().describe('URL of the logo image'),
  })
  .meta({ id: 'Bank' });

export const theme = z
  .object({
    primaryColor: z.string(),
    secondaryColor: z.string(),
    backgroundColor: z.string(),
    textColor: z.string(),
  })
  .meta({ id: 'Theme' });

/** Spec §3 "Public configuration / site settings". Percentages are numbers of percent (5 = 5%). */
export const siteSettings = z
  .object({
    appId: z.string().describe('send back as the X-Api-Key header on every other call'),
    siteName: z.string(),
    LineId: z.string().describe('LINE official account id, e.g. @sabai; contact link is https://line.me/R/ti/p/<LineId>'),
    logoUrl: z.string(),
    theme,
    alertyImage: z.string().nullable(),
    alertyMessage: z.string().nullable(),
    cashBack: z.object({ usecashBack: z.boolean(), Payout: z.number(), minWithdraw: baht, Image: z.string().nullable() }),
    Affiliate: z.object({
      useAffiliate: z.boolean(),
      minWithdraw: baht,
      turnover: z.number().describe('turnover multiple required on affiliate income'),
      Image: z.string().nullable(),
      level1: z.object({ enable: z.boolean(), percent: z.number() }),
      level2: z.object({ enable: z.boolean(), percent: z.number() }),
      autoWithdraw: z.object({ useautoWithdraw: z.boolean(), maxautoWithdraw: baht }),
    }),
    Withdraw: z.object({ canWithdraw: z.boolean(), minWithdraw: baht, maxWithdraw: baht, autoWithdraw: baht }),
    Promotion: z.array(promotion).describe('promotions open now'),
    Maintenance: z.boolean(),
    Disabled: z.boolean(),
    Partner: z.string().describe('game partner; "Betflik" selects the Betflik catalogue'),
    Product: z.array(z.string()).describe('game categories offered'),
    getNameBank: z.array(bankEntry),
  })
  .meta({ id: 'SiteSettings' });

export type SiteSettings = z.infer<typeof siteSettings>;
export const prefixResponse = envelope(siteSettings);
