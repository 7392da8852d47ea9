import { describe, expect, it } from 'vitest';
import { checkEmail, checkPassword, checkRepeat, checkUsername } from './validation.ts';

describe('auth rules (docs/product.md §5)', () => {
  it('needs 5 characters for names and passwords, equal repeats and a valid email', () => {
    expect(checkUsername('abcd')?.key).toBe('auth.usernameLengthNotEnough');
    expect(checkUsername('abcde')).toBeNull();
    expect(checkPassword('1234')?.params).toEqual({ n: 5 });
    expect(checkRepeat('secret', 'secreT')?.key).toBe('auth.repeatPasswordNotMatch');
    expect(checkRepeat('secret', 'secret')).toBeNull();
    expect(checkEmail('a@b')?.key).toBe('auth.invalidEmail');
    expect(checkEmail('a@b.cd')).toBeNull();
  });
});
