import { PASSCODE_LENGTH, passcodeMinLength } from '@smartlock/contract';

/** The longest custom passcode. */
export const passcodeDigitsMax: number = PASSCODE_LENGTH.max;

/** The shortest custom passcode the brand allows (4 to 9). */
export const passcodeDigitsMin = (brandMin: number | undefined): number => passcodeMinLength(brandMin);
