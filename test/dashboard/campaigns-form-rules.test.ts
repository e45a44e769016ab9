import { describe, expect, it } from 'vitest';
import { readHeader } from '../../activities/import/contact-rows';
import { DEFAULT_BREAKER_SETTINGS } from '../../domain/breaker';
import { DEFAULT_MAX_CONCURRENCY, LIMITS } from '../../domain/campaign-settings';
import { DEFAULT_RETRY_CONFIG } from '../../domain/retry';
import { WEEKDAYS } from '../../domain/schedule';
import {
  FORM_DEFAULT_BREAKER,
  FORM_DEFAULT_MAX_CONCURRENCY,
  FORM_DEFAULT_RETRY,
  FORM_LIMITS,
  WEEKDAY_NAMES,
} from '../../dashboard/src/pages/campaigns/campaign-defaults';
import { findPhoneColumn, previewCsv } from '../../dashboard/src/pages/campaigns/csv-preview';

// The New campaign form keeps copies of server rules (the dashboard reaches the service only over HTTP); these
// tests hold the copies to the originals.
describe('new campaign form: rules shared with the server', () => {
  const headers = [
    ['phone_number', 'name'],
    ['name', 'Phone Number'],
    [' PHONE_NUMBER ', 'x'],
    ['phone-number'],
    ['Phone\tNumber', 'a'],
    ['phone', 'mobile'],
    ['phonenumber'],
    ['name', 'phone_number', 'phone_number'],
    [],
  ];

  it.each(headers.map((header) => [JSON.stringify(header), header] as const))(
    'finds the phone column of %s where the import does',
    (_, header) => {
      expect(findPhoneColumn(header)).toBe(readHeader(header)?.phone ?? -1);
    },
  );

  it('starts from the server defaults and shows its limits', () => {
    expect(FORM_DEFAULT_RETRY).toEqual(DEFAULT_RETRY_CONFIG);
    expect(FORM_DEFAULT_BREAKER).toEqual(DEFAULT_BREAKER_SETTINGS);
    expect(FORM_DEFAULT_MAX_CONCURRENCY).toBe(DEFAULT_MAX_CONCURRENCY);
    expect(FORM_LIMITS).toEqual({
      maxRetries: LIMITS.maxRetries,
      retryDelaySeconds: LIMITS.retryDelaySeconds,
      failureThreshold: LIMITS.failureThreshold,
      windowSeconds: LIMITS.windowSeconds,
      minCallsInWindow: LIMITS.minCallsInWindow,
      slots: LIMITS.slots,
    });
    expect(WEEKDAY_NAMES).toEqual(WEEKDAYS);
  });
});

describe('new campaign form: the file preview', () => {
  it('reads quoted cells, CRLF, a byte order mark and skips blank lines', () => {
    const text = '\uFEFFname,"Phone Number"\r\n"Doe, Ann",+12125550010\r\n\r\n"say ""hi""",+12125550020\r\n';
    expect(previewCsv(text, 5, true)).toEqual({
      header: ['name', 'Phone Number'],
      rows: [
        ['Doe, Ann', '+12125550010'],
        ['say "hi"', '+12125550020'],
      ],
      phoneColumn: 1,
    });
  });

  it('keeps only the rows asked for, and drops a row cut by the end of a partial read', () => {
    const text = 'phone_number\n1\n2\n3\n4';
    expect(previewCsv(text, 2, true).rows).toEqual([['1'], ['2']]);
    expect(previewCsv(text, 10, false).rows).toEqual([['1'], ['2'], ['3']]);
    expect(previewCsv(text, 10, true).rows).toEqual([['1'], ['2'], ['3'], ['4']]);
  });

  it('reports a file without a phone number column', () => {
    expect(previewCsv('name,mobile\nAnn,1\n', 5, true).phoneColumn).toBe(-1);
  });
});
