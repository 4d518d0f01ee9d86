import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_CONFIG, getPageConfig, parsePageConfig } from '@/lib/page-config';

describe('page config', () => {
  it('reads the bank-config block of the page', () => {
    const script = document.createElement('script');
    script.id = 'bank-config';
    script.type = 'application/json';
    script.textContent = '{"product":"Guild Bank","sessionMs":14000,"warningMs":6000,"countdownSeconds":8}';
    document.body.append(script);
    expect(getPageConfig()).toEqual({ product: 'Guild Bank', sessionMs: 14_000, warningMs: 6_000, countdownSeconds: 8 });
  });

  it('uses the spec defaults when the block is missing', () => {
    expect(getPageConfig()).toEqual(DEFAULT_PAGE_CONFIG);
    expect(DEFAULT_PAGE_CONFIG).toMatchObject({ sessionMs: 300_000, warningMs: 240_000, countdownSeconds: 60 });
  });

  it('uses the defaults for broken or missing values', () => {
    expect(parsePageConfig('not json')).toEqual(DEFAULT_PAGE_CONFIG);
    expect(parsePageConfig('{"sessionMs":-1,"warningMs":"soon","product":""}')).toEqual(DEFAULT_PAGE_CONFIG);
    expect(parsePageConfig('{"product":"Other Bank"}').product).toBe('Other Bank');
  });
});
