// spec 1 §5 password rules; each failure has its own i18n key.
export type PasswordProblem = 'empty' | 'tooShort' | 'missingUpperCase' | 'missingLowerCase' | 'missingNumber' | 'missingSpecial';

export const PASSWORD_MIN_LENGTH = 8;

export function passwordProblems(password: string): PasswordProblem[] {
  if (!password) return ['empty'];
  const problems: PasswordProblem[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push('tooShort');
  if (!/\p{Lu}/u.test(password)) problems.push('missingUpperCase');
  if (!/\p{Ll}/u.test(password)) problems.push('missingLowerCase');
  if (!/\p{Nd}/u.test(password)) problems.push('missingNumber');
  if (!/[^\p{L}\p{Nd}\s]/u.test(password)) problems.push('missingSpecial');
  return problems;
}
