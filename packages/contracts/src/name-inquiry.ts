import { z } from 'zod';

/**
 * The bank's account-holder name inquiry as the API's adapter reads it (issue 10 §2: contracts own
 * every wire), spoken by the sandbox bank (apps/sandbox `POST /name-inquiry/v1/lookup`;
 * apps/api/src/adapters/name-inquiry/sandbox-name-inquiry.ts). A reply that does not fit makes
 * the adapter throw ProviderUnavailableError (the sign-up step says "try again").
 */
export const bankNameInquiryReply = z.discriminatedUnion('found', [
  z.object({ found: z.literal(true), firstName: z.string().min(1).max(100), lastName: z.string().min(1).max(100) }),
  z.object({ found: z.literal(false) }),
]);
export type BankNameInquiryReply = z.infer<typeof bankNameInquiryReply>;
