import { describe, expect, it } from 'vitest';
import { fillPrivacyPage, formatDuration, PRIVACY_PLACEHOLDERS } from './privacy.js';

describe('the privacy page settings', () => {
  it('writes durations in the page language, singular and plural', () => {
    expect(formatDuration(30, 'day', 'en')).toBe('30 days');
    expect(formatDuration(1, 'day', 'en')).toBe('1 day');
    expect(formatDuration(30, 'day', 'pt-PT')).toBe('30 dias');
    expect(formatDuration(1, 'minute', 'pt-PT')).toBe('1 minuto');
    expect(formatDuration(1000, 'day', 'pt-PT')).toMatch(/^1\s?000 dias$/);
  });

  it('fills every token of a page', () => {
    const html = `<p>${PRIVACY_PLACEHOLDERS.inquiryRetention} later</p><p>${PRIVACY_PLACEHOLDERS.submissionWindow}, ${PRIVACY_PLACEHOLDERS.submissionWindow}</p><p>${PRIVACY_PLACEHOLDERS.backupRetention}</p>`;
    expect(
      fillPrivacyPage(html, 'en', { inquiryRetentionDays: 30, submissionWindowMinutes: 15, backupKeepDays: 35 }),
    ).toBe('<p>30 days later</p><p>15 minutes, 15 minutes</p><p>35 days</p>');
    expect(
      fillPrivacyPage(html, 'pt-PT', { inquiryRetentionDays: 1, submissionWindowMinutes: 60, backupKeepDays: 7 }),
    ).toBe('<p>1 dia later</p><p>60 minutos, 60 minutos</p><p>7 dias</p>');
  });
});
