/** The member directory screen (issue 25 §4): paged list with filters, notes, four-eyes edits, history. */
export { MembersDirectoryPage } from './members-directory-page';
