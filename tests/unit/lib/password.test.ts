// spec 1 §5 password policy: each failure has its own key.
import { describe, expect, it } from 'vitest';
import { passwordProblems } from '../../../src/lib/validation/password';

describe('passwordProblems', () => {
  it('accepts a strong password', () => {
    expect(passwordProblems('Encore-Demo-2026!')).toEqual([]);
    expect(passwordProblems('Äpfel#12')).toEqual([]);
  });
  it('names each missing class', () => {
    expect(passwordProblems('')).toEqual(['empty']);
    expect(passwordProblems('Ab1!xyz')).toEqual(['tooShort']);
    expect(passwordProblems('abcdefg1!')).toEqual(['missingUpperCase']);
    expect(passwordProblems('ABCDEFG1!')).toEqual(['missingLowerCase']);
    expect(passwordProblems('Abcdefgh!')).toEqual(['missingNumber']);
    expect(passwordProblems('Abcdefgh1')).toEqual(['missingSpecial']);
    expect(passwordProblems('abc')).toEqual(['tooShort', 'missingUpperCase', 'missingNumber', 'missingSpecial']);
  });
});
