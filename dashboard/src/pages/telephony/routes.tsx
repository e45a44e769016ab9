import type { RouteObject } from 'react-router-dom';

/**
 * The telephony pages, under the signed-in layout (paths relative to /app/): configurations (index), one
 * configuration's phone numbers, and voice configurations. Loaded on demand, to keep the first page small.
 */
export const telephonyRoutes: RouteObject[] = [
  {
    path: 'telephony',
    lazy: async () => ({ Component: (await import('./TelephonyLayout')).TelephonyLayout }),
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./ConfigurationsPage')).ConfigurationsPage }),
      },
      {
        path: 'configs/:configId',
        lazy: async () => ({ Component: (await import('./PhoneNumbersPage')).PhoneNumbersPage }),
      },
      {
        path: 'voice',
        lazy: async () => ({ Component: (await import('./VoiceConfigsPage')).VoiceConfigsPage }),
      },
    ],
  },
];
