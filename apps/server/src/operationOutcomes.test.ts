import { DEVICE_COMMANDS } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { checkedOperationOutcomes, type OperationOutcomes } from './domains/remoteOperation/operationOutcomes';
import { OPERATION_OUTCOMES } from './operationOutcomes';

describe('the operation outcomes the engine is given', () => {
  it('hold exactly one outcome for every device command', () => {
    expect(Object.keys(OPERATION_OUTCOMES).sort()).toEqual(Object.keys(DEVICE_COMMANDS).sort());
    expect(checkedOperationOutcomes(OPERATION_OUTCOMES)).toBe(OPERATION_OUTCOMES);
  });

  it('are refused at start-up when a command has none, or one names no device command', () => {
    const { revokeEKey: _, ...withoutRevocation } = OPERATION_OUTCOMES;
    expect(() => checkedOperationOutcomes(withoutRevocation as OperationOutcomes)).toThrow('revokeEKey has none');
    const extra = { ...OPERATION_OUTCOMES, openWindow: OPERATION_OUTCOMES.unlock } as OperationOutcomes;
    expect(() => checkedOperationOutcomes(extra)).toThrow('openWindow is no device command');
  });
});
