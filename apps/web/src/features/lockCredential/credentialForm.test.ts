import { describe, expect, it } from 'vitest';
import { isCardNumber, isKeyFobNumber, namingParams } from './credentialForm';
import { qrFileName } from './qrFile';

describe('credential fields', () => {
  it('take card numbers of 4 to 20 digits', () => {
    expect(isCardNumber('1234')).toBe(true);
    expect(isCardNumber(' 12345678901234567890 ')).toBe(true);
    expect(isCardNumber('123')).toBe(false);
    expect(isCardNumber('123456789012345678901')).toBe(false);
    expect(isCardNumber('12a4')).toBe(false);
  });

  it('take key fob numbers of 6 to 16 hexadecimal digits', () => {
    expect(isKeyFobNumber('A1B2C3')).toBe(true);
    expect(isKeyFobNumber('a1b2c3d4e5f60718')).toBe(true);
    expect(isKeyFobNumber('A1B2C')).toBe(false);
    expect(isKeyFobNumber('G1B2C3')).toBe(false);
  });

  it('send a name and remark trimmed, and leave them out when empty', () => {
    expect(namingParams({ name: ' Anna ', remark: '' })).toEqual({ name: 'Anna' });
    expect(namingParams({ name: '  ', remark: ' night shift ' })).toEqual({ remark: 'night shift' });
    expect(namingParams({})).toEqual({});
  });
});

describe('a QR code download', () => {
  it('is named after the code, safely', () => {
    expect(qrFileName('Front door', '123')).toBe('Front door.png');
    expect(qrFileName('', '123')).toBe('123.png');
    expect(qrFileName('a/b:c*?', '1')).toBe('a_b_c_.png');
    expect(qrFileName('  ', ' ')).toBe('qrcode.png');
    // Named after its lock first, so codes of several locks tell apart.
    expect(qrFileName('Guest 12', '123', 'Front door')).toBe('Front door - Guest 12.png');
    expect(qrFileName('', '123', 'Suite 4/5')).toBe('Suite 4_5 - 123.png');
  });
});
