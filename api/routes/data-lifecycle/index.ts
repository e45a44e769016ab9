/** Data lifecycle routes: deletions (campaign, run, a phone number's data, user, organization) and retention. */
export { default as campaignDeletion } from './campaign-deletion';
export { default as runDeletion } from './run-deletion';
export { default as contactDataDeletion } from './contact-data-deletion';
export { default as retention } from './retention';
export {
  userDeletionRoutes as userDeletion,
  organizationDeletionRoutes as organizationDeletion,
} from './account-deletion';
