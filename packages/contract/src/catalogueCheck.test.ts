import { describe, expect, it } from 'vitest';
import { catalogueProblems } from './catalogueCheck';
import { pluralFormFor, pluralFormsOf } from './plurals';

describe('plural forms', () => {
  it('takes the forms each language needs from the plural rules', () => {
    expect(pluralFormsOf('en_US')).toEqual(['one', 'other']);
    expect(pluralFormsOf('fr_FR')).toEqual(['one', 'many', 'other']);
    expect(pluralFormsOf('ru_RU')).toEqual(['one', 'few', 'many', 'other']);
    expect(pluralFormsOf('cs_CZ')).toEqual(['one', 'few', 'many', 'other']);
    expect(pluralFormsOf('ja_JP')).toEqual(['other']);
    expect([1, 3, 5, 21].map((n) => pluralFormFor('uk_UA', n))).toEqual(['one', 'few', 'many', 'one']);
  });
});

describe('catalogue problems', () => {
  const english = (entries: Record<string, string>) => catalogueProblems('en_US', new Map(Object.entries(entries)));

  it('passes a counted message with the forms of its language, and a message without a count', () => {
    expect(
      english({ moved_one: '{{count}} lock moved', moved_other: '{{count}} locks moved', title: 'Locks' }),
    ).toEqual([]);
  });

  it('finds a counted message that is not pluralised, a missing form and a form the language does not use', () => {
    expect(english({ moved: '{{count}} locks moved' })).toEqual(['en_US: moved counts but has no plural forms']);
    expect(english({ moved_other: '{{count}} locks moved' })).toEqual(['en_US: moved_one is missing']);
    expect(english({ moved_one: 'a', moved_few: 'b', moved_other: 'c' })).toEqual([
      'en_US: moved_few is a form en_US does not use',
    ]);
    expect(
      catalogueProblems(
        'ru_RU',
        new Map([
          ['moved_one', 'a'],
          ['moved_other', 'b'],
        ]),
      ),
    ).toEqual(['ru_RU: moved_few is missing', 'ru_RU: moved_many is missing']);
  });
});
