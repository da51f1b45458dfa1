import { describe, expect, it } from 'vitest';
import { m } from './paraglide/messages';

// Counted words come from the catalog, with each language's plural rules (Intl.PluralRules):
// never a component's own `n === 1 ? '' : 's'` (eslint.config.js refuses that in src/client).

describe('counted words', () => {
  it('follow English plural rules', () => {
    expect(m.count_reviews({ count: 1 }, { locale: 'en' })).toBe('1 review');
    expect(m.count_reviews({ count: 2 }, { locale: 'en' })).toBe('2 reviews');
    expect(m.count_reviews({ count: 0 }, { locale: 'en' })).toBe('0 reviews');
    expect(m.count_inquiries({ count: 1 }, { locale: 'en' })).toBe('1 inquiry');
    expect(m.login_tooManyAttempts({ minutes: 1 }, { locale: 'en' })).toBe(
      'Too many failed attempts. Try again in 1 minute.',
    );
    expect(m.login_tooManyAttempts({ minutes: 2 }, { locale: 'en' })).toBe(
      'Too many failed attempts. Try again in 2 minutes.',
    );
    expect(m.errors_rateLimited({ minutes: 1 }, { locale: 'en' })).toBe(
      'Too many submissions. Please try again in 1 minute.',
    );
    expect(m.errors_rateLimited({ minutes: 15 }, { locale: 'en' })).toBe(
      'Too many submissions. Please try again in 15 minutes.',
    );
  });

  it('follow Portuguese plural rules', () => {
    expect(m.count_reviews({ count: 1 }, { locale: 'pt-PT' })).toBe('1 avaliação');
    expect(m.count_reviews({ count: 2 }, { locale: 'pt-PT' })).toBe('2 avaliações');
    expect(m.errors_rateLimited({ minutes: 1 }, { locale: 'pt-PT' })).toBe(
      'Demasiados envios. Tente novamente daqui a 1 minuto.',
    );
    expect(m.errors_rateLimited({ minutes: 2 }, { locale: 'pt-PT' })).toBe(
      'Demasiados envios. Tente novamente daqui a 2 minutos.',
    );
  });
});
