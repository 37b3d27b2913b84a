import { describe, expect, it } from 'vitest';
import { spellings } from './people';

describe('name search spellings', () => {
  it('tries what was typed, lower case and capitalised', () => {
    expect(spellings('maya')).toEqual(['maya', 'Maya']);
    expect(spellings('MAYA')).toEqual(['MAYA', 'maya', 'Maya']);
    expect(spellings('Maya')).toEqual(['Maya', 'maya']);
  });
});
