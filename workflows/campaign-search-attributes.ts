import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/** Typed keys of the custom search attributes (registered by devstack from client/search-attributes.ts). */
export const CAMPAIGN_ID_KEY = defineSearchAttributeKey('CampaignId', SearchAttributeType.INT);
export const ORGANIZATION_ID_KEY = defineSearchAttributeKey('OrganizationId', SearchAttributeType.INT);
export const CAMPAIGN_STATE_KEY = defineSearchAttributeKey('CampaignState', SearchAttributeType.KEYWORD);
