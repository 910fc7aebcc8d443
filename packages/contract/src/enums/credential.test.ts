import { describe, expect, it } from 'vitest';
import { PasscodeType, passcodeValidityType, ValidityType } from './credential';

describe('a passcode’s validity in the vocabulary of every credential', () => {
  it('maps each passcode type to the ValidityType eKeys and cards use', () => {
    expect(passcodeValidityType(PasscodeType.permanent, false)).toBe(ValidityType.permanent);
    expect(passcodeValidityType(PasscodeType.limited, true)).toBe(ValidityType.limited);
    expect(passcodeValidityType(PasscodeType.once, true)).toBe(ValidityType.once);
    expect(passcodeValidityType(PasscodeType.clear, false)).toBe(ValidityType.once);
    expect(passcodeValidityType(PasscodeType.cyclic, false)).toBe(ValidityType.cyclic);
    expect(passcodeValidityType(PasscodeType.custom, false)).toBe(ValidityType.permanent);
    expect(passcodeValidityType(PasscodeType.custom, true)).toBe(ValidityType.limited);
    expect(passcodeValidityType(0, false)).toBeUndefined();
  });
});
