/** `ApplicationFailure` types shared by activities that throw them and workflows that handle them. */

/** The campaign's source cannot be imported (absent, not CSV, no `phone_number`); the campaign is already `failed`. */
export const SOURCE_INVALID = 'SourceInvalid';

/**
 * The campaign cannot dial: its agent or telephony configuration is gone, or its provider cannot place calls. The
 * activity that found it has already failed the campaign row; the workflow re-reads it and ends.
 */
export const CAMPAIGN_SETUP_INVALID = 'CampaignSetupInvalid';
