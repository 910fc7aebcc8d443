import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../http/apiError';
import { JITTER, MAX_ATTEMPTS, RETRY_SCHEDULE_SECONDS, retryDelayMs } from './webhookSchedule';
import { checkWebhookUrl, isLocalHost } from './webhookUrl';

const refusal = (url: string, production: boolean) => {
  try {
    checkWebhookUrl(url, production);
    return undefined;
  } catch (error) {
    return (error as ApiError).errorName;
  }
};

describe('the retry schedule', () => {
  it('waits 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h, each within a tenth either way, then stops', () => {
    expect(RETRY_SCHEDULE_SECONDS).toEqual([60, 300, 1800, 7200, 21_600, 43_200, 86_400]);
    expect(MAX_ATTEMPTS).toBe(8);
    RETRY_SCHEDULE_SECONDS.forEach((seconds, i) => {
      expect(retryDelayMs(i + 1, 0)).toBe(Math.round(seconds * 1000 * (1 - JITTER)));
      expect(retryDelayMs(i + 1, 0.5)).toBe(seconds * 1000);
      expect(retryDelayMs(i + 1, 0.999_999)).toBeLessThanOrEqual(seconds * 1000 * (1 + JITTER));
    });
    expect(retryDelayMs(MAX_ATTEMPTS)).toBeUndefined();
    expect(retryDelayMs(0)).toBeUndefined();
    const shortest = RETRY_SCHEDULE_SECONDS.reduce((a: number, b: number) => a + b, 0) * (1 - JITTER);
    expect(shortest).toBeGreaterThan(24 * 3600);
  });
});

describe('webhook addresses', () => {
  it('takes https anywhere but this machine or a private network in production', () => {
    expect(refusal('https://hooks.example.com/x', true)).toBeUndefined();
    for (const url of [
      'https://127.0.0.1/x',
      'https://localhost:8443/x',
      'https://10.1.2.3/x',
      'https://192.168.1.10/x',
      'https://172.20.0.1/x',
      'https://169.254.169.254/latest',
      'https://[::1]/x',
      'https://[fd00::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'http://hooks.example.com/x',
    ]) {
      expect(refusal(url, true), url).toBe('webhookUrlNotAllowed');
    }
  });

  it('takes http only to this machine or a private network outside production, never credentials in the address', () => {
    expect(refusal('http://127.0.0.1:9000/x', false)).toBeUndefined();
    expect(refusal('http://192.168.0.5/x', false)).toBeUndefined();
    expect(refusal('https://hooks.example.com/x', false)).toBeUndefined();
    expect(refusal('http://hooks.example.com/x', false)).toBe('webhookUrlNotAllowed');
    expect(refusal('https://user:pw@hooks.example.com/x', false)).toBe('webhookUrlNotAllowed');
    expect(refusal('ftp://127.0.0.1/x', false)).toBe('webhookUrlNotAllowed');
  });

  it('knows local and private hosts', () => {
    expect(isLocalHost('172.15.0.1')).toBe(false);
    expect(isLocalHost('172.32.0.1')).toBe(false);
    expect(isLocalHost('8.8.8.8')).toBe(false);
    expect(isLocalHost('example.com')).toBe(false);
    expect(isLocalHost('[fe80::1]')).toBe(true);
  });
});
