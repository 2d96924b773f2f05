import { z } from 'zod';
import { envelope } from '../envelope.ts';

/**
 * The setup checklist of a fresh site (issue 24 §1, `GET /admin-api/v1/setup`): what the owner must
 * do before members may use it, and `POST /admin-api/v1/setup/open` to open it. Each item says
 * whether it is required and done, with facts (counts, provider names) the back office words in
 * Thai or English, and the screen that does it.
 */
export const SETUP_ITEM_KEYS = ['site', 'houseAccounts', 'feedSources', 'payoutRail', 'nameInquiryRail', 'smsRail', 'gamePartner', 'lineChannel', 'staff'] as const;
export type SetupItemKey = (typeof SETUP_ITEM_KEYS)[number];

export const setupItem = z.object({
  key: z.enum(SETUP_ITEM_KEYS),
  isRequired: z.boolean(),
  isDone: z.boolean(),
  /** Facts behind the state: e.g. `{ provider: 'manual', debitFeedSources: 1 }`. */
  facts: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  /** The back-office screen that does it (`settings`, `channels`, `staff`, `deployment` for the environment). */
  screen: z.string(),
});
export type SetupItem = z.infer<typeof setupItem>;

export const setupChecklist = z.object({
  items: z.array(setupItem),
  /** Every required item is done: the owner may open the site. */
  canOpen: z.boolean(),
  /** ISO time the site opened to members; null while closed to them. */
  openedAt: z.string().nullable(),
  openedBy: z.string().nullable(),
});
export type SetupChecklist = z.infer<typeof setupChecklist>;
export const setupChecklistResponse = envelope(setupChecklist);

/** `POST /admin-api/v1/setup/open`: the owner opens the site to members (audited `site.open`). */
export const openSiteRequest = z.object({ reason: z.string().trim().min(3).max(500) }).strict();
