import openapiTS, { astToString } from 'openapi-typescript';

const HEADER = `/**
 * The API's types for the dashboard, generated from the service's OpenAPI document by
 * \`npm run dashboard:api-types\` (api/dashboard-api-types.ts). Do not edit: the suite checks this file is current.
 */
`;

/** TypeScript types of an OpenAPI document (openapi-typescript), as the dashboard's openapi-fetch client reads them. */
export async function renderApiTypes(document: object): Promise<string> {
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0], { alphabetize: true });
  return HEADER + astToString(ast);
}
