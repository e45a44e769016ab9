/** Custom search attributes the campaign workflows set, so operators find them in the Temporal UI and CLI. */
export const SEARCH_ATTRIBUTE_TYPES = {
  CampaignId: 'Int',
  OrganizationId: 'Int',
  CampaignState: 'Keyword',
} as const;
