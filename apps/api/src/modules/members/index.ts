/**
 * The `members` module: staff's member tools (issue 11 "Members"): search, the member page,
 * suspend / reactivate, sign out everywhere; bank-account verification of a typed holder name
 * (by a deposit, or confirmed by staff; docs/adr/0040).
 */
export { registerMemberRoutes } from './routes.ts';
export { searchMembers } from './search-members.ts';
export { getMemberProfile } from './get-member-profile.ts';
export { setMemberStatus, signMemberOutEverywhere } from './set-member-status.ts';
export { decideAdjustment, listPendingAdjustments, requestAdjustment } from './adjust-member-wallet.ts';
export { verifyBankAccountByDeposit, type DepositVerificationOutcome } from './verify-bank-account-by-deposit.ts';
export { confirmBankAccount } from './confirm-bank-account.ts';
export { requestPhoneChange, decidePhoneChange, listPhoneChanges } from './change-member-phone.ts';
export { compareHolderNames, type HolderNameComparison } from './holder-names.ts';
export { listMemberDirectory } from './list-member-directory.ts';
export { addMemberNote, listMemberNotes } from './member-notes.ts';
export { requestMemberEdit, listMemberEdits, EDITABLE_MEMBER_FIELDS } from './edit-member.ts';
export { memberHistory } from './member-history.ts';
